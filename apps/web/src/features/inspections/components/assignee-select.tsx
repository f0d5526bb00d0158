/** Who a finding goes to: "Unassigned" or one of the workspace's members (oneself as "Me"). */
import { MenuItem, TextField } from "@mui/material";
import { inspectionTexts } from "@poleatlas/shared";
import type { Assignee } from "../api/members";

/** `value`: a member's id, "none" for unassigned, or "" for no choice made yet. */
export function AssigneeSelect(props: {
  assignees: readonly Assignee[];
  value: string;
  onChange: (value: string) => void;
  size?: "small" | "medium";
}) {
  return (
    <TextField
      select
      size={props.size}
      label={inspectionTexts.assignTo}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="none">{inspectionTexts.unassigned}</MenuItem>
      {props.assignees.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.email ?? inspectionTexts.me}
        </MenuItem>
      ))}
    </TextField>
  );
}
