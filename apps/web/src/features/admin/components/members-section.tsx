/**
 * The team's members: role, what their photos in the team use (against their cap where one is
 * set, else the team's pool), the cap (editable), removal. The pool itself is the instance
 * administrator's. better-auth decides what an admin may change (not the owner); its refusal is
 * shown as it words it.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { adminTexts, bytesToMB, usagePercent, WORKSPACE_ROLES, type WorkspaceRole } from "@poleatlas/shared";
import { useState } from "react";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { usageColor } from "../../storage";
import { useTeamMembers, type TeamMember } from "../api/get-members";
import { useRemoveMember, useSetCap, useUpdateMemberRole } from "../api/member-changes";
import { errorText } from "../lib/error-text";
import { CapForm } from "./cap-form";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Section } from "./section";
import { stackOnPhone } from "./stack-on-phone";

type Notice = { severity: "success" | "error"; text: string };

function UsageBar({ member, poolBytes }: { member: TeamMember; poolBytes: number }) {
  const limit = member.cap_bytes ?? poolBytes;
  const percent = usagePercent(member.used_bytes, limit);
  const text = adminTexts.usageOf(bytesToMB(member.used_bytes), bytesToMB(limit));
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={usageColor(percent)}
        aria-label={`${adminTexts.usage}: ${member.email}`}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

export function MembersSection({ teamId, teamName }: { teamId: string; teamName: string }) {
  const members = useTeamMembers(teamId);
  const setCap = useSetCap(teamId);
  const setRole = useUpdateMemberRole(teamId);
  const remove = useRemoveMember(teamId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  /** Making someone Owner gives them the whole team: asked first. */
  const [promoting, setPromoting] = useState<TeamMember | null>(null);
  const failed = (e: unknown) => setNotice({ severity: "error", text: errorText(e) });

  const saveCap = (m: TeamMember, capMB: number | null) => {
    setNotice(null);
    setCap.mutate(
      { userId: m.user_id, capMB },
      {
        onSuccess: () =>
          setNotice({
            severity: "success",
            text: capMB === null ? adminTexts.capRemoved(m.email) : adminTexts.quotaSaved(m.email),
          }),
        onError: failed,
      },
    );
  };
  const changeRole = (m: TeamMember, role: WorkspaceRole, confirmed = false) => {
    if (!m.memberId || role === m.role) return;
    if (role === "owner" && !confirmed) return setPromoting(m);
    setNotice(null);
    setRole.mutate(
      { memberId: m.memberId, role },
      {
        onSuccess: () =>
          setNotice({ severity: "success", text: adminTexts.roleSaved(m.email, adminTexts.roleNames[role]) }),
        onError: failed,
      },
    );
  };
  const confirmRemove = () => {
    if (!removing) return;
    const m = removing;
    setNotice(null);
    remove.mutate(m.memberId ?? m.email, {
      onSuccess: () => setNotice({ severity: "success", text: adminTexts.removed(m.email) }),
      onError: failed,
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Section title={adminTexts.membersTitle}>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {members.isPending && <CircularProgress aria-label={adminTexts.loading} />}
      {members.isError && (
        <LoadErrorAlert
          title={adminTexts.membersFailed}
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.data && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" data-testid="team-pool">
            {adminTexts.pool(bytesToMB(members.data.usedBytes), bytesToMB(members.data.quotaBytes))}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {adminTexts.poolHelp}
          </Typography>
        </Box>
      )}
      {members.data && (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={adminTexts.membersTitle} sx={stackOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>{adminTexts.member}</TableCell>
                <TableCell>{adminTexts.role}</TableCell>
                <TableCell>{adminTexts.usage}</TableCell>
                <TableCell>{adminTexts.quota}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {members.data.members.map((m) => (
                <TableRow key={m.user_id} data-testid={`member-${m.email}`}>
                  <TableCell data-label={adminTexts.member}>
                    {m.name && <Typography variant="body2">{m.name}</Typography>}
                    <Typography variant="body2" color={m.name ? "text.secondary" : "text.primary"}>
                      {m.email}
                    </Typography>
                  </TableCell>
                  <TableCell data-label={adminTexts.role}>
                    <Select
                      size="small"
                      value={m.role}
                      disabled={!m.memberId || setRole.isPending}
                      onChange={(e) => changeRole(m, e.target.value)}
                      inputProps={{ "aria-label": `${adminTexts.role}: ${m.email}` }}
                    >
                      {WORKSPACE_ROLES.map((r) => (
                        <MenuItem key={r} value={r}>
                          {adminTexts.roleNames[r]}
                        </MenuItem>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell data-label={adminTexts.usage}>
                    <UsageBar member={m} poolBytes={members.data.quotaBytes} />
                  </TableCell>
                  <TableCell data-label={adminTexts.quota}>
                    <CapForm
                      key={m.cap_bytes ?? "none"}
                      email={m.email}
                      capBytes={m.cap_bytes}
                      saving={setCap.isPending}
                      onSave={(mb) => saveCap(m, mb)}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setRemoving(m)}
                      aria-label={`${adminTexts.remove}: ${m.email}`}
                    >
                      {adminTexts.remove}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ConfirmDialog
        open={promoting !== null}
        title={adminTexts.makeOwnerTitle}
        text={promoting ? adminTexts.makeOwnerConfirm(promoting.email, teamName) : ""}
        confirm={adminTexts.makeOwner}
        onConfirm={() => {
          if (promoting) changeRole(promoting, "owner", true);
          setPromoting(null);
        }}
        onClose={() => setPromoting(null)}
      />
      <RemoveMemberDialog
        email={removing?.email ?? null}
        team={teamName}
        removing={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
