/**
 * The panel's delete icon: asks first, and stays disabled while a deletion runs. The confirm
 * deletes the photo shown when the icon was pressed, even if the panel moved on meanwhile.
 */
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

export interface DeletePhotoButtonProps {
  photoId: string;
  busy: boolean;
  onConfirm: (photoId: string) => void;
}

export function DeletePhotoButton({ photoId, busy, onConfirm }: DeletePhotoButtonProps) {
  /** The photo the dialog asks about, taken when the icon was pressed; null: closed. */
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <>
      <Tooltip title={mapScreenTexts.deletePhoto}>
        <span>
          <IconButton
            aria-label={mapScreenTexts.deletePhoto}
            color="error"
            disabled={busy}
            onClick={() => setAsking(photoId)}
          >
            {busy ? <CircularProgress size={20} color="inherit" /> : <DeleteIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="delete-photo-title">
        <DialogTitle id="delete-photo-title">{mapScreenTexts.deleteConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{mapScreenTexts.deleteConfirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{mapScreenTexts.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setAsking(null);
              if (asking !== null) onConfirm(asking);
            }}
          >
            {mapScreenTexts.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
