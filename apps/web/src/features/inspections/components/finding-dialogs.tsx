/**
 * The two forms of the findings: 'Add finding' (code, level, the day observed, notes, who it goes
 * to) and 'Resolve'
 * (the action, the day, the photo of the repair).
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
} from "@mui/material";
import { inspectionTexts, type FindingLevel, type ImageRecord } from "@poleatlas/shared";
import { useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { useAssignees } from "../api/members";
import { useInspectionSettings } from "../api/settings";
import { localToday } from "../lib/days";
import { AssigneeSelect } from "./assignee-select";
import { DayField, dayProblem } from "./day-field";
import { LevelToggle, LongTextField } from "./finding-fields";
import { RepairPhotoPicker, type RepairPhoto } from "./repair-photo-picker";

export interface NewFindingForm {
  code: string;
  level: FindingLevel;
  notes: string;
  observedOn: string;
  /** A member's id; null: unassigned. */
  assigneeId: string | null;
}

export interface ResolveForm {
  action: string;
  resolvedOn: string;
  repair: RepairPhoto;
}

export function AddFindingDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (form: NewFindingForm) => void;
  /** The shown photo's date, offered as the day observed (the default is today). */
  photoDate?: string | null;
}) {
  const settings = useInspectionSettings();
  const today = localToday();
  const [observedOn, setObservedOn] = useState(today);
  const [code, setCode] = useState("");
  const [level, setLevel] = useState<FindingLevel | null>(null);
  const [notes, setNotes] = useState("");
  const [assignee, setAssignee] = useState("none");
  // Offered once the workspace's members are known; until then the finding goes unassigned.
  const assignees = useAssignees();
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
          <LevelToggle value={level} onChange={setLevel} />
          <LongTextField label={inspectionTexts.notes} value={notes} onChange={setNotes} />
          <DayField
            label={inspectionTexts.observedOnLabel}
            value={observedOn}
            today={today}
            onChange={setObservedOn}
            choices={
              props.photoDate && props.photoDate <= today
                ? [
                    { label: inspectionTexts.useToday, day: today },
                    { label: inspectionTexts.usePhotoDate(props.photoDate), day: props.photoDate },
                  ]
                : []
            }
          />
          {assignees.length > 0 && (
            <AssigneeSelect assignees={assignees} value={assignee} onChange={setAssignee} />
          )}
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{inspectionTexts.cancel}</Button>
        <BusyButton
          variant="contained"
          busy={props.busy}
          disabled={!code || level === null || !observedOn || dayProblem(observedOn, today) !== null}
          onClick={() =>
            level !== null &&
            props.onSave({
              code,
              level,
              notes,
              observedOn,
              assigneeId: assignee === "none" ? null : assignee,
            })
          }
        >
          {inspectionTexts.save}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

export function ResolveDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  /** The day the finding was observed: it cannot be resolved before. */
  observedOn: string;
  /** The pole's photos already stored, for a repair photographed before. */
  polePhotos: ImageRecord[];
  onClose: () => void;
  onResolve: (form: ResolveForm) => void;
}) {
  const today = localToday();
  const [action, setAction] = useState("");
  const [resolvedOn, setResolvedOn] = useState(today);
  const [repair, setRepair] = useState<RepairPhoto>(null);
  const problem = resolvedOn ? dayProblem(resolvedOn, today, props.observedOn) : null;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{inspectionTexts.resolveTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LongTextField label={inspectionTexts.actionTaken} required value={action} onChange={setAction} />
          <DayField
            label={inspectionTexts.resolvedOnLabel}
            value={resolvedOn}
            today={today}
            min={props.observedOn}
            onChange={setResolvedOn}
            choices={[]}
          />
          <RepairPhotoPicker value={repair} polePhotos={props.polePhotos} onChange={setRepair} />
          {props.busy && repair && "file" in repair && (
            <Alert severity="info">{inspectionTexts.repairPhotoUploading}</Alert>
          )}
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{inspectionTexts.cancel}</Button>
        <BusyButton
          variant="contained"
          busy={props.busy}
          disabled={!action.trim() || !resolvedOn || problem !== null}
          onClick={() => props.onResolve({ action, resolvedOn, repair })}
        >
          {inspectionTexts.resolve}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
