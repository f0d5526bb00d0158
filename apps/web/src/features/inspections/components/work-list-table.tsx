/**
 * The work list as a table: sortable columns (the server sorts), a checkbox per row, and each
 * row's menu of steps and edits for those who may edit.
 */
import {
  Checkbox,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from "@mui/material";
import { inspectionTexts, workTexts, type Finding, type FindingSortField } from "@poleatlas/shared";
import type { Assignee } from "../api/members";
import { useInspectionTypeNames } from "../api/settings";
import { FindingActions } from "./finding-actions";
import { LevelChip } from "./level-chip";
import { assigneeOf, DueDate, lastVisit, TagLink } from "./work-list-cells";

interface Props {
  rows: Finding[];
  sort: string;
  onSort: (sort: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  /** Every finding of the filter is chosen: the checkboxes show it and are off. */
  allOfFilter: boolean;
  empty: boolean;
  /** Who findings may go to; null: the viewer may not edit (no row menus). */
  assignees: Assignee[] | null;
}

const COLUMNS: { label: string; sort?: FindingSortField }[] = [
  { label: inspectionTexts.poleTag, sort: "tag" },
  { label: workTexts.circuit, sort: "circuit" },
  { label: inspectionTexts.level, sort: "level" },
  { label: inspectionTexts.code },
  { label: inspectionTexts.observed, sort: "observed" },
  { label: inspectionTexts.dueColumn, sort: "due" },
  { label: inspectionTexts.status },
  { label: workTexts.assignee, sort: "assignee" },
  { label: workTexts.workOrder },
  { label: workTexts.lastVisit },
];

export function WorkListTable(props: Props) {
  const { rows, sort, onSort, selected, onSelect, allOfFilter, empty, assignees } = props;
  const typeNames = useInspectionTypeNames();
  const field = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  const allShown = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label={inspectionTexts.workList}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allOfFilter || allShown}
                disabled={allOfFilter}
                onChange={(e) =>
                  onSelect(
                    rows.map((r) => r.id),
                    e.target.checked,
                  )
                }
                slotProps={{ input: { "aria-label": workTexts.selectPage } }}
              />
            </TableCell>
            {COLUMNS.map((c) => (
              <TableCell
                key={c.label}
                sortDirection={c.sort === field ? (descending ? "desc" : "asc") : false}
              >
                {c.sort ? (
                  <TableSortLabel
                    active={c.sort === field}
                    direction={c.sort === field && descending ? "desc" : "asc"}
                    onClick={() => onSort(c.sort === field && !descending ? `-${c.sort}` : c.sort!)}
                  >
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
            {assignees && <TableCell aria-label={workTexts.actions} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => (
            <TableRow key={f.id} hover selected={allOfFilter || selected.has(f.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOfFilter || selected.has(f.id)}
                  disabled={allOfFilter}
                  onChange={(e) => onSelect([f.id], e.target.checked)}
                  slotProps={{ input: { "aria-label": f.pole_tag || f.id } }}
                />
              </TableCell>
              <TableCell>
                <TagLink finding={f} />
              </TableCell>
              <TableCell>{f.pole_circuit ?? "—"}</TableCell>
              <TableCell>
                <LevelChip level={f.level} />
              </TableCell>
              <TableCell>{f.code}</TableCell>
              <TableCell>{f.observed_on}</TableCell>
              <TableCell>
                <DueDate finding={f} />
              </TableCell>
              <TableCell>{workTexts.steps[f.status]}</TableCell>
              <TableCell>{assigneeOf(f)}</TableCell>
              <TableCell>{f.work_order ?? "—"}</TableCell>
              <TableCell>{lastVisit(f, typeNames)}</TableCell>
              {assignees && (
                <TableCell padding="none">
                  <FindingActions finding={f} assignees={assignees} />
                </TableCell>
              )}
            </TableRow>
          ))}
          {empty && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + (assignees ? 2 : 1)}>
                {inspectionTexts.noFindings}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
