/**
 * The work list where it is narrow: one card per finding, the due date first, with its checkbox
 * for the bulk bar and its menu of steps and edits.
 */
import { Card, CardContent, Checkbox, Stack, Typography } from "@mui/material";
import { inspectionTexts, poleRecordTexts, workTexts, type Finding } from "@poleatlas/shared";
import type { Assignee } from "../api/members";
import { useInspectionTypeNames } from "../api/settings";
import { FindingActions } from "./finding-actions";
import { LevelChip } from "./level-chip";
import { assigneeOf, DueDate, lastVisit, TagLink } from "./work-list-cells";

interface Props {
  rows: Finding[];
  empty: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  allOfFilter: boolean;
  /** null: the viewer may not edit (no menus). */
  assignees: Assignee[] | null;
}

export function WorkListCards({ rows, empty, selected, onSelect, allOfFilter, assignees }: Props) {
  const typeNames = useInspectionTypeNames();
  return (
    <Stack
      spacing={1}
      component="ul"
      aria-label={inspectionTexts.workList}
      sx={{ p: 0, m: 0, listStyle: "none" }}
    >
      {rows.map((f) => (
        <Card key={f.id} component="li" variant="outlined">
          <CardContent sx={{ p: 1.5, "&:last-child": { pb: 1.5 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Checkbox
                checked={allOfFilter || selected.has(f.id)}
                disabled={allOfFilter}
                onChange={(e) => onSelect([f.id], e.target.checked)}
                slotProps={{
                  input: { "aria-label": f.pole_tag || poleRecordTexts.poleAt(f.latitude, f.longitude) },
                }}
                sx={{ ml: -1 }}
              />
              <DueDate finding={f} />
              <Stack sx={{ flex: 1 }} />
              <LevelChip level={f.level} />
              {assignees && <FindingActions finding={f} assignees={assignees} />}
            </Stack>
            <Typography variant="subtitle1">
              <TagLink finding={f} /> · {f.code}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[f.pole_circuit, workTexts.steps[f.status], f.assignee_id ? assigneeOf(f) : null, f.work_order]
                .filter(Boolean)
                .join(" · ")}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {workTexts.lastVisit}: {lastVisit(f, typeNames)}
            </Typography>
          </CardContent>
        </Card>
      ))}
      {empty && <Typography>{inspectionTexts.noFindings}</Typography>}
    </Stack>
  );
}
