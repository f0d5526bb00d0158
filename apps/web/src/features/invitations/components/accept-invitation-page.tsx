/**
 * /accept-invitation/:id, where an invitation mail links. Signed out: the team it is for, and sign
 * in (or up) first and come back here. Signed in: who invites you to which team as what; Accept joins the team and
 * opens its map, Decline refuses it. A spent, expired or someone else's invitation says so.
 */
import { Alert, Button, CircularProgress, Stack, Typography } from "@mui/material";
import { ACCEPT_INVITATION_PATH, strongestRole, workspaceTexts } from "@poleatlas/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router";
import { AuthLayout, BlackSpinner, forgetNextPath, rememberNextPath, useAuth } from "../../auth";
import { useEnterTeam } from "../../workspaces";
import {
  acceptInvitation,
  getInvitation,
  getInvitationTeam,
  rejectInvitation,
} from "../api/invitation-calls";
import { ApiError } from "../../../lib/api-client";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const unconfirmed = (e: unknown) => e instanceof ApiError && e.code === "EMAIL_NOT_VERIFIED";

function MapLink() {
  return (
    <Button component={RouterLink} to="/map" variant="outlined">
      {workspaceTexts.goToMap}
    </Button>
  );
}

function SignedOut({ id }: { id: string }) {
  const here = `${ACCEPT_INVITATION_PATH}/${encodeURIComponent(id)}`;
  // The team is named before signing in, so the visitor knows what the link is for.
  const team = useQuery({
    queryKey: ["invitation-team", id],
    queryFn: ({ signal }) => getInvitationTeam(id, signal),
    retry: false,
  });
  const spent = team.error instanceof ApiError && team.error.status === 404;
  return (
    <Stack spacing={2}>
      {team.data !== undefined && <Typography>{workspaceTexts.invitationToTeam(team.data)}</Typography>}
      {spent && <Alert severity="warning">{workspaceTexts.invitationUnknown}</Alert>}
      <Typography>{workspaceTexts.invitationSignedOut}</Typography>
      <Button
        component={RouterLink}
        to={`/login?next=${encodeURIComponent(here)}`}
        onClick={() => rememberNextPath(here)}
        variant="contained"
      >
        {workspaceTexts.signInToAccept}
      </Button>
    </Stack>
  );
}

function Invitation({ id }: { id: string }) {
  const invitation = useQuery({
    queryKey: ["invitation", id],
    queryFn: ({ signal }) => getInvitation(id, signal),
    retry: false,
  });
  const enterTeam = useEnterTeam();
  const accept = useMutation({
    mutationFn: async (teamId: string) => {
      await acceptInvitation(id);
      forgetNextPath();
      await enterTeam(teamId);
    },
  });
  const decline = useMutation({ mutationFn: () => rejectInvitation(id), onSuccess: forgetNextPath });
  const busy = accept.isPending || decline.isPending;

  if (invitation.isPending) return <CircularProgress aria-label="Loading the invitation" />;
  if (invitation.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{message(invitation.error)}</Alert>
        {/* An address still to be confirmed holds a valid invitation: the alert says what to do. */}
        {!unconfirmed(invitation.error) && <Typography>{workspaceTexts.invitationUnknown}</Typography>}
        <MapLink />
      </Stack>
    );
  }
  if (decline.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{workspaceTexts.invitationDeclined}</Alert>
        <MapLink />
      </Stack>
    );
  }
  const inv = invitation.data;
  const role = workspaceTexts.roleNames[strongestRole(inv.role)];
  const failure = accept.error ?? decline.error;
  return (
    <Stack spacing={2}>
      <Typography>{workspaceTexts.invitationText(inv.inviterEmail, inv.organizationName, role)}</Typography>
      {failure && <Alert severity="error">{message(failure)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={busy} onClick={() => accept.mutate(inv.organizationId)}>
          {workspaceTexts.accept}
        </Button>
        <Button disabled={busy} onClick={() => decline.mutate()}>
          {workspaceTexts.decline}
        </Button>
      </Stack>
    </Stack>
  );
}

export function AcceptInvitationPage() {
  const { id = "" } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <BlackSpinner label="Checking your session" />;
  return (
    <AuthLayout>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {workspaceTexts.invitationTitle}
      </Typography>
      {user ? <Invitation id={id} /> : <SignedOut id={id} />}
    </AuthLayout>
  );
}
