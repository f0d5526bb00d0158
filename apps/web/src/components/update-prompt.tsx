/**
 * Offers a reload when a new build's service worker has taken over this open page: the page still
 * runs the old build, whose lazy chunks are gone from the server and from the new worker's cache.
 */
import { Button, Snackbar } from "@mui/material";
import { useSyncExternalStore } from "react";
import { offlineTexts } from "../config/texts";
import { isUpdateReady, subscribeUpdateReady } from "../lib/offline/service-worker";

export function UpdatePrompt() {
  const ready = useSyncExternalStore(subscribeUpdateReady, isUpdateReady);
  return (
    <Snackbar
      open={ready}
      message={offlineTexts.updateReady}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      action={
        <Button color="secondary" size="small" onClick={() => window.location.reload()}>
          {offlineTexts.reload}
        </Button>
      }
    />
  );
}
