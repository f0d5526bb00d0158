/**
 * The dashboard's charts: open findings by level per month, findings opened and closed per month,
 * open findings by age, poles by inspection state per region. They count things, so the value
 * axis ticks whole numbers only (a count of 0.5 findings means nothing).
 */
import { Paper, Typography } from "@mui/material";
import { BarChart, type BarChartProps } from "@mui/x-charts/BarChart";
import {
  inspectionTexts,
  LEVEL_CONDITION,
  RISK_COLORS,
  type FindingLevel,
  type RegionSummary,
  type Summary,
} from "@poleatlas/shared";

const LEVELS: FindingLevel[] = [1, 2, 3];
const INSPECTION_COLORS = { current: "#4caf50", due: "#ff9800", overdue: "#f44336", never: "#9e9e9e" };
const FLOW_COLORS = { opened: "#f44336", closed: "#4caf50" };
const AGE_BUCKETS = ["upTo30", "upTo90", "upTo365", "over365"] as const;

/** Sizes: the container's width by default; a fixed one where there is no layout (tests). */
export interface ChartSize {
  width?: number;
}

/** A titled bar chart of counts: whole-number ticks on the value axis. */
function CountChart({
  title,
  width,
  xAxis,
  series,
}: ChartSize & { title: string } & Pick<BarChartProps, "xAxis" | "series">) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} role="figure" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <BarChart height={300} width={width} xAxis={xAxis} yAxis={[{ tickMinStep: 1 }]} series={series} />
    </Paper>
  );
}

export function OpenByMonthChart({ summary: s, width }: ChartSize & { summary: Summary | undefined }) {
  const months = s?.openByMonth ?? [];
  return (
    <CountChart
      title={inspectionTexts.openByMonth}
      width={width}
      xAxis={[{ scaleType: "band", data: months.map((m) => m.month) }]}
      series={LEVELS.map((l) => ({
        label: inspectionTexts.levelName(l),
        data: months.map((m) => m[l]),
        stack: "open",
        color: RISK_COLORS[LEVEL_CONDITION[l]],
      }))}
    />
  );
}

export function FlowByMonthChart({ summary: s, width }: ChartSize & { summary: Summary | undefined }) {
  const months = s?.flowByMonth ?? [];
  return (
    <CountChart
      title={inspectionTexts.flowByMonth}
      width={width}
      xAxis={[{ scaleType: "band", data: months.map((m) => m.month) }]}
      series={(["opened", "closed"] as const).map((k) => ({
        label: inspectionTexts[k],
        data: months.map((m) => m[k]),
        color: FLOW_COLORS[k],
      }))}
    />
  );
}

export function AgeingChart({ summary: s, width }: ChartSize & { summary: Summary | undefined }) {
  return (
    <CountChart
      title={inspectionTexts.ageing}
      width={width}
      xAxis={[{ scaleType: "band", data: AGE_BUCKETS.map((b) => inspectionTexts.ageingBuckets[b]) }]}
      series={[
        {
          label: inspectionTexts.openFindings,
          data: AGE_BUCKETS.map((b) => s?.ageing[b] ?? 0),
          color: RISK_COLORS.high,
        },
      ]}
    />
  );
}

export function PolesByInspectionChart({ regions, width }: ChartSize & { regions: RegionSummary[] }) {
  const series = [
    {
      label: inspectionTexts.inspectionCurrent,
      data: regions.map(
        (r) =>
          r.risk.high +
          r.risk.medium +
          r.risk.low +
          r.risk.unrated -
          r.inspectionDue.due -
          r.inspectionDue.overdue -
          r.inspectionDue.never,
      ),
      color: INSPECTION_COLORS.current,
    },
    {
      label: inspectionTexts.inspectionDue,
      data: regions.map((r) => r.inspectionDue.due),
      color: INSPECTION_COLORS.due,
    },
    {
      label: inspectionTexts.inspectionOverdue,
      data: regions.map((r) => r.inspectionDue.overdue),
      color: INSPECTION_COLORS.overdue,
    },
    {
      label: inspectionTexts.neverInspected,
      data: regions.map((r) => r.inspectionDue.never),
      color: INSPECTION_COLORS.never,
    },
  ];
  return (
    <CountChart
      title={inspectionTexts.polesByInspection}
      width={width}
      xAxis={[{ scaleType: "band", data: regions.map((r) => r.name) }]}
      series={series.map((x) => ({ ...x, stack: "poles" }))}
    />
  );
}
