/**
 * /admin: the active team's members, invitations, privacy setting, measuring settings and audit
 * trail, for its owners and admins; for a personal workspace's owner, its privacy and measuring
 * settings. A team's other members and viewers are told the rest is not for them and read the
 * measuring settings their measurements follow; nothing else is asked for them.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { administers, setsUp, useWorkspaces } from "../api/get-workspaces";
import { AuditSection } from "./audit-section";
import { InviteSection } from "./invite-section";
import { MeasuringSection } from "./measuring-section";
import { MembersSection } from "./members-section";
import { PrivacySection } from "./privacy-section";

function BackToMap() {
  return (
    <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
      {adminTexts.backToMap}
    </Button>
  );
}

function AdminContent() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <CircularProgress aria-label={adminTexts.loading} />;
  if (workspaces.isError) {
    return (
      <LoadErrorAlert
        title={adminTexts.workspacesFailed}
        error={workspaces.error}
        onRetry={() => void workspaces.refetch()}
      />
    );
  }
  const { active } = workspaces.data;
  if (active.kind === "personal" && setsUp(active)) {
    return (
      <Stack spacing={3} key={active.id}>
        <Typography variant="h4" component="h1">
          {adminTexts.titlePersonal}
        </Typography>
        <PrivacySection teamId={active.id} />
        <MeasuringSection teamId={active.id} canEdit />
        <Alert severity="info">{adminTexts.personalNoTeam}</Alert>
      </Stack>
    );
  }
  if (!administers(active)) {
    // The page's own Back to map is above: a second one in the notice said the same twice.
    if (active.kind === "personal") return <Alert severity="info">{adminTexts.notAllowedPersonal}</Alert>;
    return (
      <Stack spacing={3} key={active.id}>
        <Alert severity="info">{adminTexts.notAllowed}</Alert>
        <MeasuringSection teamId={active.id} canEdit={false} />
      </Stack>
    );
  }
  // Keyed by the team: switching workspaces elsewhere starts every form afresh.
  return (
    <Stack spacing={3} key={active.id}>
      <Typography variant="h4" component="h1">
        {adminTexts.title(active.name)}
      </Typography>
      <MembersSection teamId={active.id} teamName={active.name} />
      <InviteSection teamId={active.id} />
      <PrivacySection teamId={active.id} />
      <MeasuringSection teamId={active.id} canEdit />
      <AuditSection teamId={active.id} />
    </Stack>
  );
}

export default function AdminPage() {
  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 1100, mx: "auto" }}>
        <Box sx={{ mb: 2 }}>
          <BackToMap />
        </Box>
        <AdminContent />
      </Box>
    </Box>
  );
}
