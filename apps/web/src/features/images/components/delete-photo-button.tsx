/** The panel's delete icon: asks first, and stays disabled while a deletion runs. */
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from "@mui/material";
import { mapScreenTexts } from "@poleatlas/shared";
import { useState } from "react";

export function DeletePhotoButton({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Tooltip title={mapScreenTexts.deletePhoto}>
        <span>
          <IconButton
            aria-label={mapScreenTexts.deletePhoto}
            color="error"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {busy ? <CircularProgress size={20} color="inherit" /> : <DeleteIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="delete-photo-title">
        <DialogTitle id="delete-photo-title">{mapScreenTexts.deleteConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{mapScreenTexts.deleteConfirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{mapScreenTexts.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
          >
            {mapScreenTexts.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
