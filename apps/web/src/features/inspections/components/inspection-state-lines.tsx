/**
 * The record's inspection state, one line per type of the workspace's programme: the last visit
 * of that type ("Never" without one), the day its cycle runs out and how late it is or how many
 * days are left. The pole's one state is the worst of these; this says which type makes it so.
 */
import { Box, List, ListItem, ListItemText } from "@mui/material";
import { formatDate, visitTexts as t, type TypeInspection } from "@poleatlas/shared";

const STATE_COLOURS = {
  overdue: "error.main",
  due: "warning.main",
  current: "success.main",
  never: "text.disabled",
} as const;

function dueText(line: TypeInspection): string {
  if (line.dueOn === null || line.daysLate === null) return t.notDue;
  const day = formatDate(line.dueOn);
  return line.daysLate >= 0 ? t.dueLate(day, line.daysLate) : t.dueIn(day, -line.daysLate);
}

export function InspectionStateLines({ lines }: { lines: TypeInspection[] }) {
  if (lines.length === 0) return null;
  return (
    <List dense disablePadding aria-label={t.stateTitle} data-testid="inspection-state">
      {lines.map((line) => (
        <ListItem key={line.type} disableGutters data-state={line.state}>
          <Box
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              mr: 1,
              borderRadius: "50%",
              flexShrink: 0,
              bgcolor: STATE_COLOURS[line.state],
            }}
          />
          <ListItemText
            primary={t.typeLine(line.name, line.lastInspectedOn ? formatDate(line.lastInspectedOn) : t.never)}
            secondary={dueText(line)}
            slotProps={{ secondary: { color: line.state === "overdue" ? "error" : "text.secondary" } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
