/**
 * 'Edit finding': its level, notes, assignee, work order and a later due date with the reason
 * (an extension). Only what changed is sent. A resolved finding keeps its assignee and due date.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  inspectionTexts,
  MAX_EXTENSION_REASON_LENGTH,
  MAX_WORK_ORDER_LENGTH,
  workTexts,
  type Finding,
  type FindingLevel,
  type FindingPatch,
} from "@poleatlas/shared";
import { useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import type { Assignee } from "../api/members";
import { AssigneeSelect } from "./assignee-select";
import { LevelToggle, LongTextField } from "./finding-fields";

/** What the form changes of `f`; null when nothing changes or the change cannot be sent. */
export function editPatch(
  f: Finding,
  form: {
    level: FindingLevel;
    notes: string;
    assignee: string;
    workOrder: string;
    dueOn: string;
    reason: string;
  },
): FindingPatch | null {
  const patch: FindingPatch = {};
  if (form.level !== f.level) patch.level = form.level;
  if (form.notes.trim() !== (f.notes ?? "")) patch.notes = form.notes.trim() || null;
  const assignee = form.assignee === "none" ? null : form.assignee;
  if (assignee !== f.assignee_id) patch.assignee_id = assignee;
  if (form.workOrder.trim() !== (f.work_order ?? "")) patch.work_order = form.workOrder.trim() || null;
  if (form.dueOn && form.dueOn !== f.due_on) {
    if (!form.reason.trim() || patch.level !== undefined) return null;
    patch.due_on = form.dueOn;
    patch.extension_reason = form.reason.trim();
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

export function EditFindingDialog(props: {
  finding: Finding;
  assignees: readonly Assignee[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (patch: FindingPatch) => void;
}) {
  const f = props.finding;
  const resolved = f.status === "resolved";
  const [level, setLevel] = useState<FindingLevel>(f.level);
  const [notes, setNotes] = useState(f.notes ?? "");
  const [assignee, setAssignee] = useState(f.assignee_id ?? "none");
  const [workOrder, setWorkOrder] = useState(f.work_order ?? "");
  const [dueOn, setDueOn] = useState(f.due_on);
  const [reason, setReason] = useState("");
  const patch = editPatch(f, { level, notes, assignee, workOrder, dueOn, reason });
  const both = level !== f.level && dueOn !== f.due_on;
  // The assignee may have left the team: still shown, as the finding names them.
  const choices =
    f.assignee_id && !props.assignees.some((a) => a.id === f.assignee_id)
      ? [...props.assignees, { id: f.assignee_id, email: f.assignee_email }]
      : props.assignees;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{workTexts.editTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{`${f.pole_tag || ""} · ${f.code}`}</Typography>
          <LevelToggle value={level} onChange={setLevel} />
          <LongTextField label={inspectionTexts.notes} value={notes} onChange={setNotes} />
          {!resolved && <AssigneeSelect assignees={choices} value={assignee} onChange={setAssignee} />}
          <TextField
            label={workTexts.workOrder}
            value={workOrder}
            onChange={(e) => setWorkOrder(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_WORK_ORDER_LENGTH } }}
          />
          {!resolved && (
            <>
              <TextField
                type="date"
                label={workTexts.newDueDate}
                value={dueOn}
                onChange={(e) => setDueOn(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: f.due_on } }}
              />
              {dueOn !== f.due_on && (
                <TextField
                  label={workTexts.extensionReason}
                  required
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: MAX_EXTENSION_REASON_LENGTH } }}
                />
              )}
            </>
          )}
          {both && <Alert severity="info">{workTexts.levelAndExtension}</Alert>}
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{inspectionTexts.cancel}</Button>
        <BusyButton
          variant="contained"
          busy={props.busy}
          disabled={patch === null}
          onClick={() => patch && props.onSave(patch)}
        >
          {inspectionTexts.save}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
