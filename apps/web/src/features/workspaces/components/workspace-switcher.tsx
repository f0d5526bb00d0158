/**
 * The sidebar's workspace picker: the user's own photos ('Personal') or a team's, and 'Create
 * team'. Switching drops everything read in the old workspace and opens the new one's map.
 */
import AddIcon from "@mui/icons-material/Add";
import { Alert, Divider, ListItemIcon, ListItemText, MenuItem, Stack, TextField } from "@mui/material";
import { workspaceTexts, type Workspace } from "@poleatlas/shared";
import { useState } from "react";
import { useSwitchWorkspace } from "../api/use-switch-workspace";
import { useWorkspaces } from "../api/workspaces";
import { CreateTeamDialog } from "./create-team-dialog";

const CREATE = "__create_team";

const label = (w: Workspace) => (w.kind === "personal" ? workspaceTexts.personal : w.name);

/** A team's role, and where another of the list shares its name, who owns it and since when. */
function secondary(w: Workspace, all: Workspace[]): string | undefined {
  if (w.kind !== "team") return undefined;
  const role = workspaceTexts.roleNames[w.role];
  const shared = all.some(
    (o) => o.id !== w.id && o.kind === "team" && o.name.toLowerCase() === w.name.toLowerCase(),
  );
  if (!shared || w.created_on === undefined) return role;
  return `${role} · ${workspaceTexts.teamApart(w.owner_email ?? null, w.created_on)}`;
}

export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  const data = workspaces.data;
  if (!data) return null; // the map works without it; a failed read leaves the spec's screen

  const onChange = (value: string) => {
    if (value === CREATE) return setCreating(true);
    if (value === data.active.id) return;
    const target = data.workspaces.find((w) => w.id === value);
    if (target) switchTo.mutate(target);
  };

  return (
    <Stack spacing={1} sx={{ px: 2, pb: 1 }}>
      <TextField
        select
        size="small"
        label={workspaceTexts.workspace}
        value={data.active.id}
        onChange={(e) => onChange(e.target.value)}
        disabled={switchTo.isPending}
        slotProps={{ select: { renderValue: () => label(data.active) } }}
      >
        {data.workspaces.map((w) => (
          <MenuItem key={w.id} value={w.id}>
            <ListItemText primary={label(w)} secondary={secondary(w, data.workspaces)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem value={CREATE}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={workspaceTexts.createTeam} />
        </MenuItem>
      </TextField>
      {switchTo.isError && (
        <Alert severity="error" onClose={() => switchTo.reset()}>
          {workspaceTexts.switchFailed}
        </Alert>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
