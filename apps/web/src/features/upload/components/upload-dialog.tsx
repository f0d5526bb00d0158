import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { ImageRecord } from "@poleatlas/shared";

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (images: ImageRecord[]) => void;
  /** Current storage usage in bytes, from the caller's usage query. */
  usedBytes: number;
}

/** Placeholder while the real dialog is built; the props are the final contract. */
export function UploadDialog({ open, onClose }: UploadDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Upload Images</DialogTitle>
      <DialogContent />
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
