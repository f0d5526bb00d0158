/** One audit entry as a CSV line, in the words of the admin page (safe for spreadsheets). */
import {
  AUDIT_CSV_COLUMNS,
  auditActionText,
  auditActorText,
  auditDetailsText,
  auditTargetText,
  type AuditEntry,
} from "@poleatlas/shared";
import { csvText } from "../../formats/csv-cells";

export const auditCsvHeader = () => `${AUDIT_CSV_COLUMNS.join(",")}\r\n`;

export function auditCsvRow(e: AuditEntry): string {
  return (
    [
      csvText(e.at),
      csvText(auditActorText(e)),
      csvText(e.actor_email),
      csvText(auditActionText(e)),
      csvText(auditTargetText(e)),
      csvText(auditDetailsText(e)),
    ].join(",") + "\r\n"
  );
}
