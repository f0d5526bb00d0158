/**
 * Says on the map that the app is cut off, whether for want of a network or because the server
 * does not answer, and how old the data on screen is.
 */
import { Alert } from "@mui/material";
import { formatDateTime } from "@poleatlas/shared";
import { useSyncExternalStore } from "react";
import { offlineTexts } from "../config/texts";
import { getOfflineStatus, subscribeOfflineStatus } from "../lib/offline/offline-status";

export function OfflineBanner() {
  const { offline, reason, cachedAt } = useSyncExternalStore(subscribeOfflineStatus, getOfflineStatus);
  if (!offline) return null;
  const since = cachedAt === null ? null : formatDateTime(cachedAt);
  const text =
    reason === "server-down"
      ? since === null
        ? offlineTexts.serverDown
        : offlineTexts.serverDownSince(since)
      : since === null
        ? offlineTexts.offline
        : offlineTexts.offlineSince(since);
  return (
    <Alert severity="warning" variant="filled" role="status">
      {text}
    </Alert>
  );
}
