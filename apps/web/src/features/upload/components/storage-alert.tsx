import { Alert } from "@mui/material";
import { bytesToMB, STORAGE_QUOTA_BYTES, storageWarningBytes, uploadDialogTexts } from "@poleatlas/shared";

/** 'Storage Usage: X MB / 50MB': red above 90 % of the quota (45 MB of 50 MB), blue otherwise. */
export function StorageAlert({
  usedBytes,
  quotaBytes = STORAGE_QUOTA_BYTES,
}: {
  usedBytes: number;
  quotaBytes?: number;
}) {
  return (
    <Alert
      severity={usedBytes > storageWarningBytes(quotaBytes) ? "error" : "info"}
      aria-label="Storage usage"
    >
      {uploadDialogTexts.storageUsage(bytesToMB(usedBytes), bytesToMB(quotaBytes))}
    </Alert>
  );
}
