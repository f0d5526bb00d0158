/**
 * The work list's bulk actions on the chosen findings (a selection, or every finding of the
 * filter): every step (start the work, back to open, resolve with the action taken), a new level,
 * assign, set the work order, extend the due date with its reason. The server applies each to all
 * of them or to none, and says why when it refuses.
 */
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import {
  FINDING_LEVELS,
  inspectionTexts,
  MAX_NOTES_LENGTH,
  workTexts,
  type FindingBulk,
  type FindingLevel,
} from "@poleatlas/shared";
import { AssigneeSelect } from "./assignee-select";
import { useState } from "react";
import { useBulkFindings } from "../api/findings";
import type { Assignee } from "../api/members";
import { localToday } from "../lib/days";

type Action = "in-progress" | "open" | "resolve" | "level" | "assign" | "workOrder" | "extend";

const ACTIONS: [Action, string][] = [
  ["in-progress", workTexts.moveTo["in-progress"]],
  ["open", workTexts.moveTo.open],
  ["resolve", workTexts.moveTo.resolved],
  ["level", workTexts.setLevel],
  ["assign", workTexts.assign],
  ["workOrder", workTexts.setWorkOrder],
  ["extend", workTexts.extend],
];

interface Props {
  /** The chosen ids, or the filter's query when every finding of it is chosen. */
  target: { ids: string[] } | { filter: Record<string, string> };
  count: number | null;
  assignees: Assignee[];
  onDone: () => void;
}

export function WorkListBulk({ target, count, assignees, onDone }: Props) {
  const bulk = useBulkFindings();
  const [action, setAction] = useState<Action>("assign");
  const [assignee, setAssignee] = useState("");
  const [workOrder, setWorkOrder] = useState("");
  const [dueOn, setDueOn] = useState("");
  const [reason, setReason] = useState("");
  const [level, setLevel] = useState<FindingLevel | "">("");
  const [taken, setTaken] = useState("");
  const [resolvedOn, setResolvedOn] = useState(localToday());
  const [done, setDone] = useState<number | null>(null);

  const patch = (): FindingBulk["patch"] | null => {
    if (action === "in-progress" || action === "open") return { status: action };
    if (action === "level") return level === "" ? null : { level };
    if (action === "resolve")
      return taken.trim() && resolvedOn
        ? { resolve: { action: taken.trim(), resolved_on: resolvedOn } }
        : null;
    if (action === "assign")
      return assignee === "" ? null : { assignee_id: assignee === "none" ? null : assignee };
    if (action === "workOrder") return { work_order: workOrder.trim() || null };
    return dueOn && reason.trim() ? { due_on: dueOn, extension_reason: reason.trim() } : null;
  };
  const ready = patch();

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Typography sx={{ fontWeight: 600 }}>
          {"ids" in target ? workTexts.selected(target.ids.length) : workTexts.allOfFilter}
          {count !== null && !("ids" in target) ? ` (${count})` : ""}
        </Typography>
        <TextField
          select
          size="small"
          label={workTexts.apply}
          value={action}
          onChange={(e) => setAction(e.target.value as Action)}
          sx={{ minWidth: 200 }}
        >
          {ACTIONS.map(([value, name]) => (
            <MenuItem key={value} value={value}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {action === "level" && (
          <TextField
            select
            size="small"
            label={workTexts.setLevel}
            value={level}
            onChange={(e) => setLevel(Number(e.target.value) as FindingLevel)}
            sx={{ minWidth: 120 }}
          >
            {FINDING_LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {inspectionTexts.levelName(l)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {action === "resolve" && (
          <>
            <TextField
              size="small"
              required
              label={inspectionTexts.actionTaken}
              value={taken}
              onChange={(e) => setTaken(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_NOTES_LENGTH } }}
              sx={{ minWidth: 220 }}
            />
            <TextField
              size="small"
              type="date"
              label={inspectionTexts.resolvedOnLabel}
              value={resolvedOn}
              onChange={(e) => setResolvedOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
            />
          </>
        )}
        {action === "assign" && (
          <AssigneeSelect size="small" assignees={assignees} value={assignee} onChange={setAssignee} />
        )}
        {action === "workOrder" && (
          <TextField
            size="small"
            label={workTexts.workOrder}
            value={workOrder}
            onChange={(e) => setWorkOrder(e.target.value)}
          />
        )}
        {action === "extend" && (
          <>
            <TextField
              size="small"
              type="date"
              label={workTexts.newDueDate}
              value={dueOn}
              onChange={(e) => setDueOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              label={workTexts.extensionReason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              sx={{ minWidth: 260 }}
            />
          </>
        )}
        <Button
          variant="contained"
          disabled={ready === null || bulk.isPending}
          onClick={() => {
            if (!ready) return;
            setDone(null);
            bulk.mutate(
              { ...target, patch: ready },
              {
                onSuccess: (r) => {
                  setDone(r.changed);
                  onDone();
                },
              },
            );
          }}
        >
          {workTexts.apply}
        </Button>
      </Stack>
      {done !== null && <Alert severity="success">{workTexts.bulkDone(done)}</Alert>}
      {bulk.isError && (
        <Alert severity="error">
          {bulk.error instanceof Error && bulk.error.message ? bulk.error.message : workTexts.bulkFailed}
        </Alert>
      )}
    </Paper>
  );
}
