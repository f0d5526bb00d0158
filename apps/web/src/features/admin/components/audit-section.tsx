/**
 * The team's audit trail, newest first, a page at a time: filtered by person, action and day,
 * exported as CSV with the same filters. Each entry names people, poles and photos as they were;
 * a pole or photo links to its record on the map.
 */
import {
  Box,
  Button,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import {
  adminTexts,
  auditActionText,
  auditActorText,
  auditDetailsText,
  auditTargetText,
  formatDateTime,
  type AuditEntry,
} from "@poleatlas/shared";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { photoLink, poleLink } from "../../../lib/map-links";
import { NO_AUDIT_FILTERS, useAudit } from "../api/get-audit";
import { useTeamMembers } from "../api/get-members";
import { AuditFilters } from "./audit-filters";
import { Section } from "./section";
import { stackOnPhone } from "./stack-on-phone";

/** E-mails and names wrap between words (and at '@' or '.' only when they must), never mid-word. */
const WRAP = { overflowWrap: "break-word", wordBreak: "normal", minWidth: 160 } as const;

/** Where on the map an entry's target is: a pole's record, a photo's (its pole's), or nowhere. */
function mapLinkOf(e: AuditEntry): string | null {
  if (e.target_type === "pole") return poleLink(e.target_id);
  if (e.target_type !== "image") return null;
  // A deleted photo is not on the map any more; the pole it was on may be.
  if (e.action !== "image.delete") return photoLink(e.target_id);
  return typeof e.details.pole_id === "string" ? poleLink(e.details.pole_id) : null;
}

function TargetText({ entry }: { entry: AuditEntry }) {
  const to = mapLinkOf(entry);
  const text = auditTargetText(entry);
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    text
  );
}

export function AuditSection({ teamId }: { teamId: string }) {
  const [filters, setFilters] = useState(NO_AUDIT_FILTERS);
  const audit = useAudit(teamId, filters);
  // Shared with the members table (one request): the people to filter by.
  const members = useTeamMembers(teamId);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Section title={adminTexts.auditTitle}>
      <AuditFilters filters={filters} onChange={setFilters} members={members.data?.members ?? []} />
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
          <Table size="small" aria-label={adminTexts.auditTitle} sx={stackOnPhone}>
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
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(e.at)}</TableCell>
                  <TableCell sx={WRAP}>{auditActorText(e)}</TableCell>
                  <TableCell>{auditActionText(e)}</TableCell>
                  <TableCell sx={WRAP}>
                    <TargetText entry={e} />
                  </TableCell>
                  <TableCell sx={WRAP}>{auditDetailsText(e)}</TableCell>
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
