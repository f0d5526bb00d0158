/** 'Create team': a name, then the new team is the active workspace and its (empty) map opens. */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { TEAM_NAME_MAX_LENGTH, workspaceTexts } from "@poleatlas/shared";
import { useState, type FormEvent } from "react";
import { useCreateTeam } from "../api/use-switch-workspace";

export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTeam();

  const close = () => {
    if (create.isPending) return;
    setName("");
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "") return setError(workspaceTexts.teamNameRequired);
    setError(null);
    try {
      await create.mutateAsync(name);
      setName("");
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{workspaceTexts.createTeam}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={workspaceTexts.teamName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: TEAM_NAME_MAX_LENGTH } }}
            disabled={create.isPending}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {workspaceTexts.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {workspaceTexts.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
