/** The work list on a phone: one card per finding, the due date first, nearest first. */
import { Card, CardContent, Stack, Typography } from "@mui/material";
import { inspectionTexts, workTexts, type Finding } from "@poleatlas/shared";
import { LevelChip } from "./level-chip";
import { DueDate, lastVisit, TagLink } from "./work-list-cells";

export function WorkListCards({ rows, empty }: { rows: Finding[]; empty: boolean }) {
  return (
    <Stack
      spacing={1}
      component="ul"
      aria-label={inspectionTexts.workList}
      sx={{ p: 0, m: 0, listStyle: "none" }}
    >
      {rows.map((f) => (
        <Card key={f.id} component="li" variant="outlined">
          <CardContent sx={{ "&:last-child": { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
              <DueDate finding={f} />
              <LevelChip level={f.level} />
            </Stack>
            <Typography variant="subtitle1">
              <TagLink finding={f} /> · {f.code}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[f.pole_circuit, workTexts.steps[f.status], f.work_order].filter(Boolean).join(" · ")}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {workTexts.lastVisit}: {lastVisit(f)}
            </Typography>
          </CardContent>
        </Card>
      ))}
      {empty && <Typography>{inspectionTexts.noFindings}</Typography>}
    </Stack>
  );
}
