/**
 * 'Record visit': the type (the workspace's), the day (today unless changed, never a future day),
 * the inspector, the result and notes. A refused save keeps everything typed and says why.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import {
  MAX_NOTES_LENGTH,
  VISIT_RESULTS,
  visitTexts,
  type VisitCreate,
  type VisitResult,
} from "@poleatlas/shared";
import { useState } from "react";
import { useInspectionSettings } from "../api/settings";
import { BusyButton } from "../../../components/busy-button";

/** Today on the user's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function VisitDialog(props: {
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (visit: VisitCreate) => void;
}) {
  const settings = useInspectionSettings();
  const types = settings.data?.inspectionTypes ?? [];
  const today = localToday();
  const [type, setType] = useState("");
  const [date, setDate] = useState(today);
  const [inspector, setInspector] = useState("");
  const [result, setResult] = useState<VisitResult | null>(null);
  const [notes, setNotes] = useState("");
  const future = date > today;
  const complete = type !== "" && date !== "" && !future && result !== null;
  const ready = complete && !props.busy;
  const save = () => {
    if (!ready) return;
    props.onSave({
      type,
      inspected_on: date,
      result,
      inspector: inspector.trim() || undefined,
      notes: notes.trim() || undefined,
    });
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{visitTexts.recordTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={visitTexts.type} value={type} onChange={(e) => setType(e.target.value)}>
            {types.map((t) => (
              <MenuItem key={t.code} value={t.code}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={visitTexts.date}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={future}
            helperText={future ? visitTexts.futureDate : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            label={visitTexts.inspector}
            value={inspector}
            onChange={(e) => setInspector(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <ToggleButtonGroup
            exclusive
            value={result}
            onChange={(_, v: VisitResult | null) => setResult(v)}
            aria-label={visitTexts.result}
          >
            {VISIT_RESULTS.map((r) => (
              <ToggleButton key={r} value={r}>
                {visitTexts.results[r]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label={visitTexts.notes}
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
        <Button onClick={props.onClose}>{visitTexts.cancel}</Button>
        <BusyButton variant="contained" disabled={!complete} busy={props.busy} onClick={save}>
          {visitTexts.save}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
