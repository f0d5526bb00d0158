/** The two forms of the photo panel: 'Add finding' (code, level, notes) and 'Resolve' (action, proof). */
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { FINDING_LEVELS, inspectionTexts, MAX_NOTES_LENGTH, type FindingLevel } from "@poleatlas/shared";
import { useState } from "react";
import { useInspectionSettings } from "../api/settings";

export interface NewFindingForm {
  code: string;
  level: FindingLevel;
  notes: string;
}

export function AddFindingDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (form: NewFindingForm) => void;
}) {
  const settings = useInspectionSettings();
  const [code, setCode] = useState("");
  const [level, setLevel] = useState<FindingLevel | null>(null);
  const [notes, setNotes] = useState("");
  const codes = settings.data?.codes ?? [];
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{inspectionTexts.addFinding}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={inspectionTexts.code}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          >
            {codes.map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {`${c.code} — ${c.description}`}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            value={level}
            onChange={(_, v: FindingLevel | null) => setLevel(v)}
            aria-label={inspectionTexts.level}
          >
            {FINDING_LEVELS.map((l) => (
              <ToggleButton key={l} value={l}>
                {inspectionTexts.levelName(l)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label={inspectionTexts.notes}
            multiline
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_NOTES_LENGTH } }}
          />
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{inspectionTexts.cancel}</Button>
        <Button
          variant="contained"
          disabled={!code || level === null || props.busy}
          onClick={() => level !== null && props.onSave({ code, level, notes })}
        >
          {inspectionTexts.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ResolveDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onResolve: (action: string, withPhoto: boolean) => void;
}) {
  const [action, setAction] = useState("");
  const [withPhoto, setWithPhoto] = useState(false);
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{inspectionTexts.resolveTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={inspectionTexts.actionTaken}
            required
            multiline
            minRows={2}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_NOTES_LENGTH } }}
          />
          <FormControlLabel
            control={<Checkbox checked={withPhoto} onChange={(e) => setWithPhoto(e.target.checked)} />}
            label={inspectionTexts.repairPhoto}
          />
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{inspectionTexts.cancel}</Button>
        <Button
          variant="contained"
          disabled={!action.trim() || props.busy}
          onClick={() => props.onResolve(action, withPhoto)}
        >
          {inspectionTexts.resolve}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
