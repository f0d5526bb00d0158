/**
 * The dashboard's charts: open findings by level per month, findings opened and closed per month,
 * open findings by age, poles by inspection state per region. They count things, so the value
 * axis ticks whole numbers only (a count of 0.5 findings means nothing); each is read as a
 * summary and a table too (count-chart.tsx).
 */
import {
  chartTexts,
  inspectionTexts,
  LEVEL_CONDITION,
  RISK_COLORS,
  type FindingLevel,
  type RegionSummary,
  type Summary,
} from "@poleatlas/shared";
import { CountChart } from "./count-chart";

const LEVELS: FindingLevel[] = [1, 2, 3];
const INSPECTION_COLORS = { current: "#4caf50", due: "#ff9800", overdue: "#f44336", never: "#9e9e9e" };
const FLOW_COLORS = { opened: "#f44336", closed: "#4caf50" };
const AGE_BUCKETS = ["upTo30", "upTo90", "upTo365", "over365"] as const;

/** Sizes: the container's width by default; a fixed one where there is no layout (tests). */
export interface ChartSize {
  width?: number;
}

export function OpenByMonthChart({ summary: s, width }: ChartSize & { summary: Summary | undefined }) {
  const months = s?.openByMonth ?? [];
  return (
    <CountChart
      title={inspectionTexts.openByMonth}
      width={width}
      bands={months.map((m) => m.month)}
      bandName={chartTexts.month}
      stacked
      series={LEVELS.map((l) => ({
        label: inspectionTexts.levelName(l),
        data: months.map((m) => m[l]),
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
      bands={months.map((m) => m.month)}
      bandName={chartTexts.month}
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
      bands={AGE_BUCKETS.map((b) => inspectionTexts.ageingBuckets[b])}
      bandName={chartTexts.age}
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
      bands={regions.map((r) => r.name)}
      bandName={chartTexts.region}
      stacked
      series={series}
    />
  );
}
