import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";

export interface RemoveMemberDialogProps {
  /** The member's e-mail; null when closed. */
  email: string | null;
  team: string;
  removing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function RemoveMemberDialog({ email, team, removing, onConfirm, onClose }: RemoveMemberDialogProps) {
  return (
    <Dialog open={email !== null} onClose={onClose} aria-labelledby="remove-member-title">
      <DialogTitle id="remove-member-title">{adminTexts.removeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{email ? adminTexts.removeConfirm(email, team) : null}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {adminTexts.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={removing}>
          {adminTexts.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
