/** What a finding shows in the work list, the same in the table and on the phone's cards. */
import { Link as MuiLink, Typography } from "@mui/material";
import { inspectionTexts, poleRecordTexts, workTexts, type Finding } from "@poleatlas/shared";
import { Link } from "react-router";
import { poleLink } from "../../../lib/map-links";

export function TagLink({ finding }: { finding: Finding }) {
  return (
    <MuiLink
      component={Link}
      to={poleLink(finding.pole_id)}
      onClick={(e) => e.stopPropagation()}
      // A target of at least 24 × 24 CSS px, a finger's on a phone (WCAG 2.5.8).
      sx={{ display: "inline-flex", alignItems: "center", minHeight: 24, minWidth: 24 }}
    >
      {/* A pole made from photos has no tag yet: named by where it stands, as its record is. */}
      {finding.pole_tag || poleRecordTexts.poleAt(finding.latitude, finding.longitude)}
    </MuiLink>
  );
}

/** The due date, always shown; overdue in red; an extended one says the date it replaced. */
export function DueDate({ finding }: { finding: Finding }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: finding.overdue ? "error.main" : undefined, fontWeight: finding.overdue ? 600 : 400 }}
    >
      {finding.due_on}
      {finding.overdue ? ` · ${inspectionTexts.overdue}` : ""}
      {finding.extensions.length > 0 && (
        <Typography component="span" variant="caption" sx={{ display: "block", color: "text.secondary" }}>
          {workTexts.extended(finding.original_due_on)}
        </Typography>
      )}
    </Typography>
  );
}

/**
 * The pole's last visit: its day and its type as the workspace names it, as the record says it
 * (the code only for a type since removed from the settings, or before they have loaded).
 */
export const lastVisit = (f: Finding, typeNames: ReadonlyMap<string, string>) =>
  f.pole_last_visit
    ? `${f.pole_last_visit.on} · ${typeNames.get(f.pole_last_visit.type) ?? f.pole_last_visit.type}`
    : workTexts.noVisit;

export const assigneeOf = (f: Finding) => f.assignee_email ?? (f.assignee_id ? inspectionTexts.me : "—");
