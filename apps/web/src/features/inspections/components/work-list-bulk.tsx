/**
 * The work list's bulk actions on the chosen findings (a selection, or every finding of the
 * filter): assign, set the work order, extend the due date with its reason. The server applies
 * each to all of them or to none.
 */
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { workTexts, type FindingBulk } from "@poleatlas/shared";
import { AssigneeSelect } from "./assignee-select";
import { useState } from "react";
import { useBulkFindings } from "../api/findings";
import type { Assignee } from "../api/members";

type Action = "assign" | "workOrder" | "extend";

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
  const [done, setDone] = useState<number | null>(null);

  const patch = (): FindingBulk["patch"] | null => {
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
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="assign">{workTexts.assign}</MenuItem>
          <MenuItem value="workOrder">{workTexts.setWorkOrder}</MenuItem>
          <MenuItem value="extend">{workTexts.extend}</MenuItem>
        </TextField>
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
