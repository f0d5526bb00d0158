/** Invite by e-mail with a role, and the pending invitations with Resend and Cancel. */
import {
  Alert,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { adminTexts, INVITE_ROLES, strongestRole, type WorkspaceRole } from "@poleatlas/shared";
import { useEffect, useRef, useState } from "react";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import {
  useCancelInvitation,
  useInviteMember,
  usePendingInvitations,
  type Invitation,
} from "../api/invitations";
import { errorText } from "../lib/error-text";
import { Section } from "./section";

/**
 * What the last action gave. `focus`: the keyboard goes to it (the row it was on went away);
 * otherwise the keyboard stays where it was, and the alert is said as it shows.
 */
type Notice = { severity: "success" | "error"; text: string; focus?: boolean };

function InviteForm({ teamId, onNotice }: { teamId: string; onNotice: (n: Notice | null) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("member");
  const invite = useInviteMember(teamId);
  const emailField = useRef<HTMLInputElement>(null);
  // Nothing here is disabled while an invitation is sent: a disabled button drops the keyboard's
  // focus to the page. A second submit meanwhile is ignored instead.
  return (
    <Stack
      component="form"
      direction={{ xs: "column", sm: "row" }}
      spacing={1}
      sx={{ alignItems: { sm: "flex-start" } }}
      onSubmit={(e) => {
        e.preventDefault();
        if (invite.isPending) return;
        const address = email.trim();
        onNotice(null);
        invite.mutate(
          { email: address, role },
          {
            onSuccess: () => {
              setEmail("");
              // Each invitation starts from Member: an Admin chosen once is not handed on unseen.
              setRole("member");
              onNotice({ severity: "success", text: adminTexts.invited(address) });
              // Ready for the next address.
              emailField.current?.focus();
            },
            onError: (err) => onNotice({ severity: "error", text: errorText(err) }),
          },
        );
      }}
    >
      <TextField
        size="small"
        type="email"
        required
        label={adminTexts.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        inputRef={emailField}
        sx={{ minWidth: 280 }}
      />
      <TextField
        select
        size="small"
        label={adminTexts.role}
        value={role}
        onChange={(e) => setRole(e.target.value as WorkspaceRole)}
        sx={{ minWidth: 140 }}
      >
        {INVITE_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {adminTexts.roleNames[r]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" aria-busy={invite.isPending}>
        {adminTexts.invite}
      </Button>
    </Stack>
  );
}

function PendingInvitations({ teamId, onNotice }: { teamId: string; onNotice: (n: Notice | null) => void }) {
  const invitations = usePendingInvitations(teamId);
  const resend = useInviteMember(teamId);
  const cancel = useCancelInvitation(teamId);
  const busy = resend.isPending || cancel.isPending;
  const failed = (err: unknown) => onNotice({ severity: "error", text: errorText(err) });

  const onResend = (i: Invitation) => {
    if (busy) return;
    onNotice(null);
    resend.mutate(
      { email: i.email, role: strongestRole(i.role) },
      {
        onSuccess: () => onNotice({ severity: "success", text: adminTexts.resent(i.email) }),
        onError: failed,
      },
    );
  };
  const onCancel = (i: Invitation) => {
    if (busy) return;
    onNotice(null);
    cancel.mutate(i.id, {
      // Its row goes with it: the keyboard goes to what is said instead.
      onSuccess: () => onNotice({ severity: "success", text: adminTexts.cancelled(i.email), focus: true }),
      onError: failed,
    });
  };

  if (invitations.isPending) return <CircularProgress aria-label={adminTexts.loading} />;
  if (invitations.isError) {
    return (
      <LoadErrorAlert
        title={adminTexts.invitationsFailed}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
      />
    );
  }
  if (invitations.data.length === 0) {
    return <Typography color="text.secondary">{adminTexts.noInvitations}</Typography>;
  }
  return (
    <List dense aria-label={adminTexts.invitationsTitle}>
      {invitations.data.map((i) => (
        <ListItem
          key={i.id}
          disableGutters
          secondaryAction={
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                aria-busy={resend.isPending}
                onClick={() => onResend(i)}
                aria-label={`${adminTexts.resend}: ${i.email}`}
              >
                {adminTexts.resend}
              </Button>
              <Button
                size="small"
                color="error"
                aria-busy={cancel.isPending}
                onClick={() => onCancel(i)}
                aria-label={`${adminTexts.cancelInvitation}: ${i.email}`}
              >
                {adminTexts.cancel}
              </Button>
            </Stack>
          }
        >
          <ListItemText
            primary={i.email}
            secondary={`${adminTexts.roleNames[strongestRole(i.role)]} · ${adminTexts.expires(
              new Date(i.expiresAt).toLocaleDateString(),
            )}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function InviteSection({ teamId }: { teamId: string }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.focus) alert.current?.focus();
  }, [notice]);
  return (
    <Section title={adminTexts.inviteTitle}>
      {notice && (
        <Alert
          ref={alert}
          tabIndex={-1}
          severity={notice.severity}
          sx={{ mb: 2 }}
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <InviteForm teamId={teamId} onNotice={setNotice} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {adminTexts.invitationsTitle}
      </Typography>
      <PendingInvitations teamId={teamId} onNotice={setNotice} />
    </Section>
  );
}
