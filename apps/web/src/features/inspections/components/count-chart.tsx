/**
 * A titled bar chart of counts that a screen reader can read: the figure is named by its title
 * and described by a short summary (the totals, the busiest column), and its figures are a table
 * beside the drawing (off screen). The drawing stays open to the keyboard (its bars and legend
 * take the focus), so it is not hidden from screen readers either. Stacked
 * series are told apart by a pattern as well as their colour, on the bars and in the legend,
 * whose words name the pattern. The value axis ticks whole numbers only (counts).
 */
import { Box, Paper, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { chartTexts } from "@poleatlas/shared";
import { useId, type ReactNode } from "react";
import { VISUALLY_HIDDEN } from "../../../components/visually-hidden";

export interface CountSeries {
  label: string;
  data: readonly number[];
  color: string;
}

export interface CountChartProps {
  title: string;
  /** The columns (months, age buckets, regions) and what they are ('Month'). */
  bands: readonly string[];
  bandName: string;
  series: readonly CountSeries[];
  /** Stacked: one column of all series, told apart by patterns. */
  stacked?: boolean;
  /** The container's width by default; a fixed one where there is no layout (tests). */
  width?: number;
}

/** The marks drawn over a series' colour, by its place in the stack (solid first). */
const PATTERN_MARKS: readonly ReactNode[] = [
  null,
  <line key="s" x1="0" y1="0" x2="0" y2="8" stroke="rgba(0,0,0,0.6)" strokeWidth="3" />,
  <circle key="d" cx="4" cy="4" r="1.8" fill="rgba(0,0,0,0.6)" />,
  <path key="x" d="M0 0 L8 8 M8 0 L0 8" stroke="rgba(0,0,0,0.6)" strokeWidth="1.5" />,
];

function summaryOf(bands: readonly string[], series: readonly CountSeries[]): string {
  const totals = series.map((s) => ({ label: s.label, total: s.data.reduce((a, b) => a + b, 0) }));
  if (bands.length === 0) return chartTexts.summary([]);
  const columns = bands.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  const peak = columns.indexOf(Math.max(...columns));
  const busiest = columns[peak]! > 0 ? ` ${chartTexts.peak(bands[peak]!, columns[peak]!)}` : "";
  return `${chartTexts.summary(totals)}${busiest}`;
}

export function CountChart({ title, bands, bandName, series, stacked = false, width }: CountChartProps) {
  // An id CSS's url() takes as it is (useId's has characters it would need escaped).
  const uid = `chart${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const headingId = `${uid}-title`;
  const summaryId = `${uid}-summary`;
  const patternOf = (i: number) => chartTexts.patterns[i % chartTexts.patterns.length]!;
  const named = series.map((s, i) => ({
    id: `s${i}`,
    label: stacked ? chartTexts.patterned(s.label, patternOf(i)) : s.label,
    data: [...s.data],
    color: s.color,
    ...(stacked ? { stack: "all" } : {}),
  }));
  // Bars and legend marks of a stacked series are filled with its pattern (CSS outranks the
  // `fill` attribute the chart writes).
  const fills = stacked
    ? Object.fromEntries(
        named.map((s, i) => [
          `& [data-series="${s.id}"] :is(rect, path)`,
          { fill: i === 0 ? s.color : `url(#${uid}-p${i})` },
        ]),
      )
    : {};
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 0 }}
      role="figure"
      aria-labelledby={headingId}
      aria-describedby={summaryId}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography id={summaryId} variant="body2" color="text.secondary">
        {summaryOf(bands, series)}
      </Typography>
      <Box sx={fills}>
        <BarChart
          height={300}
          width={width}
          xAxis={[{ scaleType: "band", data: [...bands] }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={named}
        >
          {stacked && (
            <defs>
              {named.map((s, i) => (
                <pattern key={s.id} id={`${uid}-p${i}`} width="8" height="8" patternUnits="userSpaceOnUse">
                  <rect width="8" height="8" fill={s.color} />
                  {PATTERN_MARKS[i % PATTERN_MARKS.length]}
                </pattern>
              ))}
            </defs>
          )}
        </BarChart>
      </Box>
      <Box component="table" sx={VISUALLY_HIDDEN}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{bandName}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bands.map((band, i) => (
            <tr key={band}>
              <th scope="row">{band}</th>
              {series.map((s) => (
                <td key={s.label}>{(s.data[i] ?? 0).toLocaleString("en-US")}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
