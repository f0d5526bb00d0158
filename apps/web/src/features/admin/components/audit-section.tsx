/** The team's audit trail, newest first, filtered by action, a page at a time. */
import {
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { adminTexts, AUDIT_ACTIONS, type AuditAction } from "@poleatlas/shared";
import { useState } from "react";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { useAudit } from "../api/get-audit";
import { useTeamMembers } from "../api/get-members";
import { auditDetailsText, auditTargetText } from "../lib/audit-format";
import { Section } from "./section";

const ALL = "all";

export function AuditSection({ teamId }: { teamId: string }) {
  const [action, setAction] = useState<AuditAction | null>(null);
  const audit = useAudit(teamId, action);
  // Shared with the members table (one request): quota entries name the user only by id.
  const members = useTeamMembers(teamId);
  const emailOf = (userId: string) => members.data?.members.find((m) => m.user_id === userId)?.email;
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Section title={adminTexts.auditTitle}>
      <TextField
        select
        size="small"
        label={adminTexts.actionFilter}
        value={action ?? ALL}
        onChange={(e) => setAction(e.target.value === ALL ? null : (e.target.value as AuditAction))}
        sx={{ minWidth: 220, mb: 2 }}
      >
        <MenuItem value={ALL}>{adminTexts.allActions}</MenuItem>
        {AUDIT_ACTIONS.map((a) => (
          <MenuItem key={a} value={a}>
            {adminTexts.actionNames[a]}
          </MenuItem>
        ))}
      </TextField>
      {audit.isPending && <CircularProgress aria-label={adminTexts.loading} sx={{ display: "block" }} />}
      {audit.isError && !audit.isFetchNextPageError && (
        <LoadErrorAlert
          title={adminTexts.auditFailed}
          error={audit.error}
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">{adminTexts.auditEmpty}</Typography>
      )}
      {entries.length > 0 && (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={adminTexts.auditTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{adminTexts.when}</TableCell>
                <TableCell>{adminTexts.who}</TableCell>
                <TableCell>{adminTexts.action}</TableCell>
                <TableCell>{adminTexts.target}</TableCell>
                <TableCell>{adminTexts.details}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e, i) => (
                <TableRow key={`${e.at}-${e.action}-${e.target_id}-${i}`}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(e.at).toLocaleString()}</TableCell>
                  <TableCell>{e.actor_email}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{adminTexts.actionNames[e.action]}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{auditTargetText(e, emailOf)}</TableCell>
                  <TableCell>{auditDetailsText(e.details)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {audit.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          {adminTexts.loadMore}
        </Button>
      )}
      {audit.isFetchNextPageError && (
        <LoadErrorAlert
          title={adminTexts.auditFailed}
          error={audit.error}
          onRetry={() => void audit.fetchNextPage()}
        />
      )}
    </Section>
  );
}
