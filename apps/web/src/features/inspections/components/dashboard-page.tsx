/**
 * /dashboard: the summary as cards (open, overdue and resolved findings by level; poles by
 * inspection state) and two charts: open findings by level over the last 12 months, and poles by
 * inspection state per region. 'Region report (PDF)' prints one region.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { inspectionTexts, LEVEL_CONDITION, RISK_COLORS, type FindingLevel } from "@poleatlas/shared";
import { useState } from "react";
import { Link } from "react-router";
import { useSummary } from "../api/findings";
import { useRegions } from "../api/regions";
import { usePermissions } from "../../workspaces";
import { SettingsCard } from "./settings-card";

const LEVELS: FindingLevel[] = [1, 2, 3];
const INSPECTION_COLORS = { current: "#4caf50", due: "#ff9800", overdue: "#f44336", never: "#9e9e9e" };

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

export default function DashboardPage() {
  const [region, setRegion] = useState<string | null>(null);
  const summary = useSummary(region);
  const regions = useRegions();
  const may = usePermissions();
  const s = summary.data;
  const sum = (key: "open" | "overdue" | "resolved12m") =>
    s ? LEVELS.reduce((n, l) => n + s.levels[l][key], 0) : 0;
  const list = regions.data?.regions ?? [];

  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth: 1200, mx: "auto" }}>
        <Box>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {inspectionTexts.backToMap}
          </Button>
        </Box>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" } }}>
          <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
            {inspectionTexts.dashboard}
          </Typography>
          <TextField
            select
            size="small"
            label={inspectionTexts.region}
            value={region ?? ""}
            onChange={(e) => setRegion(e.target.value === "" ? null : e.target.value)}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{inspectionTexts.anyRegion}</MenuItem>
            {list.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {region === null ? (
            <Button variant="outlined" disabled title={inspectionTexts.pickRegion}>
              {inspectionTexts.regionReport}
            </Button>
          ) : (
            <Button
              variant="outlined"
              component="a"
              href={`/api/reports/region/${encodeURIComponent(region)}.pdf`}
              target="_blank"
            >
              {inspectionTexts.regionReport}
            </Button>
          )}
        </Stack>
        {summary.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <CountCard title={inspectionTexts.openFindings} value={sum("open")} />
          <CountCard title={inspectionTexts.overdueFindings} value={sum("overdue")} tone="error.main" />
          <CountCard title={inspectionTexts.resolved12m} value={sum("resolved12m")} />
          {LEVELS.map((l) => (
            <CountCard
              key={l}
              title={`${inspectionTexts.levelName(l)}: ${inspectionTexts.open} / ${inspectionTexts.overdue}`}
              value={s ? s.levels[l].open : 0}
              tone={s && s.levels[l].overdue > 0 ? "error.main" : undefined}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <CountCard title={inspectionTexts.inspectionCurrent} value={s?.inspection.current ?? 0} />
          <CountCard
            title={inspectionTexts.inspectionDue}
            value={s?.inspection.due ?? 0}
            tone="warning.main"
          />
          <CountCard
            title={inspectionTexts.inspectionOverdue}
            value={s?.inspection.overdue ?? 0}
            tone="error.main"
          />
          <CountCard title={inspectionTexts.neverInspected} value={s?.inspection.never ?? 0} />
        </Stack>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={2}>
          <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
            <Typography variant="h6" component="h2">
              {inspectionTexts.openByMonth}
            </Typography>
            <BarChart
              height={300}
              xAxis={[{ scaleType: "band", data: (s?.openByMonth ?? []).map((m) => m.month) }]}
              series={LEVELS.map((l) => ({
                label: inspectionTexts.levelName(l),
                data: (s?.openByMonth ?? []).map((m) => m[l]),
                stack: "open",
                color: RISK_COLORS[LEVEL_CONDITION[l]],
              }))}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
            <Typography variant="h6" component="h2">
              {inspectionTexts.polesByInspection}
            </Typography>
            <BarChart
              height={300}
              xAxis={[{ scaleType: "band", data: list.map((r) => r.name) }]}
              series={[
                {
                  label: inspectionTexts.inspectionCurrent,
                  data: list.map(
                    (r) =>
                      r.risk.high +
                      r.risk.medium +
                      r.risk.low +
                      r.risk.unrated -
                      r.inspectionDue.due -
                      r.inspectionDue.overdue -
                      r.inspectionDue.never,
                  ),
                  stack: "poles",
                  color: INSPECTION_COLORS.current,
                },
                {
                  label: inspectionTexts.inspectionDue,
                  data: list.map((r) => r.inspectionDue.due),
                  stack: "poles",
                  color: INSPECTION_COLORS.due,
                },
                {
                  label: inspectionTexts.inspectionOverdue,
                  data: list.map((r) => r.inspectionDue.overdue),
                  stack: "poles",
                  color: INSPECTION_COLORS.overdue,
                },
                {
                  label: inspectionTexts.neverInspected,
                  data: list.map((r) => r.inspectionDue.never),
                  stack: "poles",
                  color: INSPECTION_COLORS.never,
                },
              ]}
            />
          </Paper>
        </Stack>
        {may.canManageTeam && <SettingsCard />}
      </Stack>
    </Box>
  );
}
