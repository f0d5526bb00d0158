/** The audit trail's filters (person, action, from/to day) and its CSV export of what they show. */
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import { adminTexts, AUDIT_ACTIONS, type AuditAction, type MemberUsage } from "@poleatlas/shared";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { downloadAudit } from "../api/download-audit";
import type { AuditFilters as Filters } from "../api/get-audit";

const ALL = "all";

export function AuditFilters({
  filters,
  onChange,
  members,
}: {
  filters: Filters;
  onChange: (f: Filters) => void;
  /** The people to filter by: the team's members (a former member is in the trail, not here). */
  members: MemberUsage[];
}) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change });
  const exportCsv = () => {
    setExporting(true);
    setError(null);
    downloadAudit(filters)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : adminTexts.failed))
      .finally(() => setExporting(false));
  };
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2, alignItems: "center" }}>
        <TextField
          select
          size="small"
          label={adminTexts.personFilter}
          value={filters.actor ?? ALL}
          onChange={(e) => set({ actor: e.target.value === ALL ? null : e.target.value })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL}>{adminTexts.everyone}</MenuItem>
          {members.map((m) => (
            <MenuItem key={m.user_id} value={m.user_id}>
              {m.name.trim() ? `${m.name} (${m.email})` : m.email}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={adminTexts.actionFilter}
          value={filters.action ?? ALL}
          onChange={(e) => set({ action: e.target.value === ALL ? null : (e.target.value as AuditAction) })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL}>{adminTexts.allActions}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {adminTexts.actionNames[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={adminTexts.fromDay}
          value={filters.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          type="date"
          size="small"
          label={adminTexts.toDay}
          value={filters.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        <Button variant="outlined" onClick={exportCsv} disabled={exporting}>
          {adminTexts.exportCsv}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
