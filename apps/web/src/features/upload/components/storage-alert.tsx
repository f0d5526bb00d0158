import { Alert } from "@mui/material";
import {
  bytesToMB,
  mapScreenTexts,
  STORAGE_QUOTA_BYTES,
  storageWarningBytes,
  uploadDialogTexts,
} from "@poleatlas/shared";
import type { MemberCap } from "../utils/upload-checks";

/**
 * 'Storage Usage: X MB / 50MB' for the active workspace (a team's pool in a team): red above 90 %
 * of the quota (45 MB of 50 MB), blue otherwise. Where the member has a cap in the team, a second
 * line gives their share, and the alert is red when either is nearly full.
 */
export function StorageAlert({
  usedBytes,
  quotaBytes = STORAGE_QUOTA_BYTES,
  cap,
}: {
  usedBytes: number;
  quotaBytes?: number;
  cap?: MemberCap;
}) {
  const nearlyFull =
    usedBytes > storageWarningBytes(quotaBytes) ||
    (cap !== undefined && cap.usedBytes > storageWarningBytes(cap.capBytes));
  return (
    <Alert severity={nearlyFull ? "error" : "info"} aria-label="Storage usage">
      {uploadDialogTexts.storageUsage(bytesToMB(usedBytes), bytesToMB(quotaBytes))}
      {cap && (
        <>
          <br />
          {mapScreenTexts.memberCapUsed(bytesToMB(cap.usedBytes), bytesToMB(cap.capBytes))}
        </>
      )}
    </Alert>
  );
}
