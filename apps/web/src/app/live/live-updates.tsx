/** Live updates for the signed-in screens, and the notice a member removed from the team sees. */
import { Alert, Snackbar } from "@mui/material";
import { messages } from "@poleatlas/shared";
import { useWorkspaces } from "../../features/workspaces";
import { useLiveUpdates } from "./use-live-updates";

export function LiveUpdates() {
  const active = useWorkspaces().data?.active.id ?? null;
  const { removed, dismiss } = useLiveUpdates(active);
  return (
    <Snackbar open={removed !== null} anchorOrigin={{ vertical: "top", horizontal: "center" }}>
      <Alert severity="warning" variant="filled" onClose={dismiss} role="alert">
        {removed ? messages.removedFromTeam(removed.name) : ""}
      </Alert>
    </Snackbar>
  );
}
