/**
 * /notifications: the signed-in user's e-mail alerts about findings in the open workspace, one
 * switch per kind, saved as it is flipped. Every alert mail links here.
 */
import {
  Alert,
  Box,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Paper,
  Switch,
  Typography,
} from "@mui/material";
import { adminTexts, alertTexts, ALERT_KINDS, type AlertKind } from "@poleatlas/shared";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { PageFrame } from "../../../components/page-frame";
import { useWorkspaces } from "../../workspaces";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../api/notifications";

function Switches({ workspaceId }: { workspaceId: string | undefined }) {
  const prefs = useNotificationPreferences(workspaceId);
  const update = useUpdateNotificationPreferences(workspaceId);
  if (prefs.isPending) return <CircularProgress aria-label={adminTexts.loading} />;
  if (prefs.isError) {
    return (
      <LoadErrorAlert
        title={alertTexts.loadFailed}
        error={prefs.error}
        onRetry={() => void prefs.refetch()}
      />
    );
  }
  const flip = (kind: AlertKind, on: boolean) => update.mutate({ [kind]: on });
  return (
    <>
      {update.isError && <Alert severity="error">{alertTexts.saveFailed}</Alert>}
      <FormGroup>
        {ALERT_KINDS.map((kind) => (
          <Box key={kind} sx={{ mb: 1.5 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={prefs.data.preferences[kind]}
                  onChange={(e) => flip(kind, e.target.checked)}
                  slotProps={{ input: { "aria-describedby": `alert-hint-${kind}` } }}
                />
              }
              label={alertTexts.kinds[kind]}
            />
            <FormHelperText id={`alert-hint-${kind}`} sx={{ ml: 6, mt: 0 }}>
              {alertTexts.kindHints[kind]}
            </FormHelperText>
          </Box>
        ))}
      </FormGroup>
    </>
  );
}

export default function NotificationsPage() {
  const workspaces = useWorkspaces();
  const active = workspaces.data?.active;
  return (
    <PageFrame title={alertTexts.pageTitle} maxWidth={720}>
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {alertTexts.pageIntro}
          {active ? ` (${active.name})` : ""}
        </Typography>
        <Switches workspaceId={active?.id} />
      </Paper>
    </PageFrame>
  );
}
