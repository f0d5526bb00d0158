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

/** One choice of a filter; the empty value ("any") first when `any` names it. */
function Pick(props: {
  label: string;
  value: string | number | null;
  onChange: (value: string | null) => void;
  any?: string;
  options: [value: string | number, name: string][];
  width: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(orNull(e.target.value))}
      sx={{ minWidth: props.width }}
      slotProps={selectProps}
    >
      {props.any !== undefined && <MenuItem value="">{props.any}</MenuItem>}
      {props.options.map(([value, name]) => (
        <MenuItem key={value} value={value}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function WorkListFilters({ filters, onChange, regions, assignees }: Props) {
  const codes = useInspectionSettings().data?.codes ?? [];
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
      <Pick
        label={inspectionTexts.status}
        value={filters.status}
        onChange={(v) => onChange({ status: (v ?? "unresolved") as FindingFilters["status"] })}
        options={[
          ["unresolved", workTexts.unresolved],
          ...WORK_STATUSES.map((s): [string, string] => [s, workTexts.steps[s]]),
          ["all", inspectionTexts.all],
        ]}
        width={150}
      />
      <Pick
        label={inspectionTexts.level}
        value={filters.level}
        onChange={(v) => onChange({ level: v === null ? null : (Number(v) as 1 | 2 | 3) })}
        any={inspectionTexts.anyLevel}
        options={[1, 2, 3].map((l) => [l, inspectionTexts.levelName(l)])}
        width={120}
      />
      <Pick
        label={inspectionTexts.code}
        value={filters.code}
        onChange={(code) => onChange({ code })}
        any={workTexts.anyCode}
        options={codes.map((c) => [c.code, c.code])}
        width={140}
      />
      <Pick
        label={workTexts.assignee}
        value={filters.assignee}
        onChange={(assignee) => onChange({ assignee })}
        any={workTexts.anyone}
        options={[
          ["me", inspectionTexts.me],
          ["none", inspectionTexts.unassigned],
          ...assignees.flatMap((a): [string, string][] => (a.email === null ? [] : [[a.id, a.email]])),
        ]}
        width={160}
      />
      <Pick
        label={inspectionTexts.region}
        value={filters.region}
        onChange={(region) => onChange({ region })}
        any={inspectionTexts.anyRegion}
        options={[...regions.entries()]}
        width={160}
      />
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
