/** Says on the map that the network is down and how old the data on screen is. */
import { Alert } from "@mui/material";
import { useSyncExternalStore } from "react";
import { offlineTexts } from "../config/texts";
import { getOfflineStatus, subscribeOfflineStatus } from "../lib/offline/offline-status";

export function OfflineBanner() {
  const { offline, cachedAt } = useSyncExternalStore(subscribeOfflineStatus, getOfflineStatus);
  if (!offline) return null;
  return (
    <Alert severity="warning" variant="filled" role="status">
      {cachedAt === null
        ? offlineTexts.offline
        : offlineTexts.offlineSince(new Date(cachedAt).toLocaleString())}
    </Alert>
  );
}
