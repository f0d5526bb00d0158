/** The work list's filters: each change goes to the server as the list's query. */
import { FormControlLabel, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { inspectionTexts, workTexts, WORK_STATUSES } from "@poleatlas/shared";
import type { FindingFilters } from "../api/findings";
import type { Assignee } from "../api/members";
import { useInspectionSettings } from "../api/settings";

interface Props {
  filters: FindingFilters;
  onChange: (change: Partial<FindingFilters>) => void;
  regions: Map<string, string>;
  assignees: Assignee[];
}

const orNull = (v: string) => (v === "" ? null : v);
const selectProps = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export function WorkListFilters({ filters, onChange, regions, assignees }: Props) {
  const codes = useInspectionSettings().data?.codes ?? [];
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
      <TextField
        select
        size="small"
        label={inspectionTexts.status}
        value={filters.status}
        onChange={(e) => onChange({ status: e.target.value as FindingFilters["status"] })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="unresolved">{workTexts.unresolved}</MenuItem>
        {WORK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {workTexts.steps[s]}
          </MenuItem>
        ))}
        <MenuItem value="all">{inspectionTexts.all}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={inspectionTexts.level}
        value={filters.level ?? ""}
        onChange={(e) =>
          onChange({ level: e.target.value === "" ? null : (Number(e.target.value) as 1 | 2 | 3) })
        }
        sx={{ minWidth: 120 }}
        slotProps={selectProps}
      >
        <MenuItem value="">{inspectionTexts.anyLevel}</MenuItem>
        {[1, 2, 3].map((l) => (
          <MenuItem key={l} value={l}>
            {inspectionTexts.levelName(l)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={inspectionTexts.code}
        value={filters.code ?? ""}
        onChange={(e) => onChange({ code: orNull(e.target.value) })}
        sx={{ minWidth: 140 }}
        slotProps={selectProps}
      >
        <MenuItem value="">{workTexts.anyCode}</MenuItem>
        {codes.map((c) => (
          <MenuItem key={c.code} value={c.code}>
            {c.code}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={workTexts.assignee}
        value={filters.assignee ?? ""}
        onChange={(e) => onChange({ assignee: orNull(e.target.value) })}
        sx={{ minWidth: 160 }}
        slotProps={selectProps}
      >
        <MenuItem value="">{workTexts.anyone}</MenuItem>
        <MenuItem value="me">{workTexts.me}</MenuItem>
        <MenuItem value="none">{workTexts.unassigned}</MenuItem>
        {assignees
          .filter((a) => a.email !== null)
          .map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.email}
            </MenuItem>
          ))}
      </TextField>
      <TextField
        select
        size="small"
        label={inspectionTexts.region}
        value={filters.region ?? ""}
        onChange={(e) => onChange({ region: orNull(e.target.value) })}
        sx={{ minWidth: 160 }}
        slotProps={selectProps}
      >
        <MenuItem value="">{inspectionTexts.anyRegion}</MenuItem>
        {[...regions.entries()].map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={workTexts.circuit}
        value={filters.circuit ?? ""}
        onChange={(e) => onChange({ circuit: orNull(e.target.value) })}
        sx={{ width: 120 }}
      />
      <TextField
        size="small"
        type="number"
        label={workTexts.dueWithin}
        value={filters.dueWithin ?? ""}
        onChange={(e) =>
          onChange({ dueWithin: e.target.value === "" ? null : Math.max(0, Number(e.target.value)) })
        }
        sx={{ width: 150 }}
        slotProps={{ htmlInput: { min: 0 } }}
      />
      {(["observedFrom", "observedTo"] as const).map((k) => (
        <TextField
          key={k}
          size="small"
          type="date"
          label={workTexts[k]}
          value={filters[k] ?? ""}
          onChange={(e) => onChange({ [k]: orNull(e.target.value) })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <FormControlLabel
        control={
          <Switch checked={filters.overdue} onChange={(e) => onChange({ overdue: e.target.checked })} />
        }
        label={inspectionTexts.overdueOnly}
      />
    </Stack>
  );
}
