/**
 * The sidebar's storage-usage card: the active workspace's usage against its quota (a team's
 * pool in a team), a bar coloured by how full it is, the member's cap where one is set, and the
 * upgrade button.
 */
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import { bytesToMB, mapScreenTexts, STORAGE_QUOTA_BYTES, usagePercent } from "@poleatlas/shared";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { loadTexts } from "../../../config/texts";
import { useStorageUsage } from "../api/get-usage";
import { usageColor } from "../lib/usage-color";

export interface StorageCardProps {
  usedBytes: number;
  quotaBytes?: number;
  /** In a team where the member has a cap: their own photos there and the cap. */
  memberUsedBytes?: number;
  memberCapBytes?: number;
  /** Absent for those who cannot buy storage for the workspace (a team's viewers): no button. */
  onUpgrade?: () => void;
}

export function StorageCard({
  usedBytes,
  quotaBytes = STORAGE_QUOTA_BYTES,
  memberUsedBytes,
  memberCapBytes,
  onUpgrade,
}: StorageCardProps) {
  const percent = usagePercent(usedBytes, quotaBytes);
  const color = usageColor(percent);
  return (
    <Card variant="outlined" data-testid="storage-card" data-usage-color={color}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {mapScreenTexts.storageTitle}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={color}
          aria-label={mapScreenTexts.storageTitle}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Box sx={{ mt: 1, mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {mapScreenTexts.storageUsed(bytesToMB(usedBytes), bytesToMB(quotaBytes))}
          </Typography>
          {memberCapBytes !== undefined && (
            <Typography variant="body2" color="text.secondary" data-testid="member-cap">
              {mapScreenTexts.memberCapUsed(bytesToMB(memberUsedBytes ?? 0), bytesToMB(memberCapBytes))}
            </Typography>
          )}
        </Box>
        {onUpgrade && (
          <Button fullWidth variant="contained" size="small" onClick={onUpgrade}>
            {mapScreenTexts.upgradeToPro}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The card fed by the usage query (shows 0 until it answers; a failure says so, with Retry). */
export function StorageUsageCard({ onUpgrade }: { onUpgrade?: () => void }) {
  const usage = useStorageUsage();
  return (
    <Stack spacing={1}>
      {usage.isError && (
        <LoadErrorAlert
          title={loadTexts.usageFailed}
          error={usage.error}
          onRetry={() => void usage.refetch()}
          stacked
        />
      )}
      <StorageCard
        usedBytes={usage.data?.usedBytes ?? 0}
        quotaBytes={usage.data?.quotaBytes ?? STORAGE_QUOTA_BYTES}
        memberUsedBytes={usage.data?.memberUsedBytes}
        memberCapBytes={usage.data?.memberCapBytes}
        onUpgrade={onUpgrade}
      />
    </Stack>
  );
}
