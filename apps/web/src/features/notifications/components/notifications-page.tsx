/**
 * /notifications: the signed-in user's e-mail alerts about findings in the open workspace, one
 * switch per kind, saved as it is flipped. Every alert mail links here.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Paper,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import { adminTexts, alertTexts, ALERT_KINDS, type AlertKind } from "@poleatlas/shared";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../../components/load-error-alert";
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
                  disabled={update.isPending}
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
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth: 720, mx: "auto" }}>
        <Box>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {adminTexts.backToMap}
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          {alertTexts.pageTitle}
        </Typography>
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {alertTexts.pageIntro}
            {active ? ` (${active.name})` : ""}
          </Typography>
          <Switches workspaceId={active?.id} />
        </Paper>
      </Stack>
    </Box>
  );
}
