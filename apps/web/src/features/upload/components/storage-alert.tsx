import { Alert } from "@mui/material";
import { bytesToMB, STORAGE_WARNING_BYTES, uploadDialogTexts } from "@poleatlas/shared";

/** 'Storage Usage: X MB / 50MB': red above 45 MB (47185920 bytes), blue otherwise. */
export function StorageAlert({ usedBytes }: { usedBytes: number }) {
  return (
    <Alert severity={usedBytes > STORAGE_WARNING_BYTES ? "error" : "info"} aria-label="Storage usage">
      {uploadDialogTexts.storageUsage(bytesToMB(usedBytes))}
    </Alert>
  );
}
