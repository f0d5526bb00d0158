/**
 * The dashboard's figures as cards: open, overdue and resolved findings; per level its open and
 * overdue findings side by side ("12 / 3", the overdue figure red when any); poles by
 * inspection state.
 */
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { inspectionTexts, type FindingLevel, type Summary } from "@poleatlas/shared";

const LEVELS: FindingLevel[] = [1, 2, 3];

function CountCard({ title, value, tone }: { title: string; value: number; tone?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 150 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ color: tone }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** "Level N: Open / Overdue" and the two figures; read aloud as "12 open, 3 overdue". */
function LevelCard({ level, open, overdue }: { level: FindingLevel; open: number; overdue: number }) {
  const title = `${inspectionTexts.levelName(level)}: ${inspectionTexts.open} / ${inspectionTexts.overdue}`;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 150 }} role="group" aria-label={title}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" component="p" aria-label={inspectionTexts.openOverdue(open, overdue)}>
          <span>{open}</span>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {" / "}
          </Box>
          <Box component="span" sx={{ color: overdue > 0 ? "error.main" : undefined }}>
            {overdue}
          </Box>
        </Typography>
      </CardContent>
    </Card>
  );
}

export function SummaryCards({ summary: s }: { summary: Summary | undefined }) {
  const sum = (key: "open" | "overdue" | "resolved12m") =>
    s ? LEVELS.reduce((n, l) => n + s.levels[l][key], 0) : 0;
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        <CountCard title={inspectionTexts.openFindings} value={sum("open")} />
        <CountCard title={inspectionTexts.overdueFindings} value={sum("overdue")} tone="error.main" />
        <CountCard title={inspectionTexts.resolved12m} value={sum("resolved12m")} />
        {LEVELS.map((l) => (
          <LevelCard key={l} level={l} open={s?.levels[l].open ?? 0} overdue={s?.levels[l].overdue ?? 0} />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        <CountCard title={inspectionTexts.inspectionCurrent} value={s?.inspection.current ?? 0} />
        <CountCard title={inspectionTexts.inspectionDue} value={s?.inspection.due ?? 0} tone="warning.main" />
        <CountCard
          title={inspectionTexts.inspectionOverdue}
          value={s?.inspection.overdue ?? 0}
          tone="error.main"
        />
        <CountCard title={inspectionTexts.neverInspected} value={s?.inspection.never ?? 0} />
      </Stack>
    </>
  );
}
