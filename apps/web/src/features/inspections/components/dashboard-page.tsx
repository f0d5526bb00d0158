/**
 * /dashboard: the summary as cards (open, overdue and resolved findings by level; poles by
 * inspection state) and four charts: findings opened and closed per month, open findings by age,
 * open findings by level over the last 12 months, and poles by inspection state per region.
 * 'Region report (PDF)' prints one region; the annual report prints a year of the programme.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { inspectionTexts } from "@poleatlas/shared";
import { useState } from "react";
import { Link } from "react-router";
import { useSummary } from "../api/findings";
import { useRegions } from "../api/regions";
import { AnnualReportLinks } from "./annual-report-links";
import { usePermissions } from "../../workspaces";
import { AgeingChart, FlowByMonthChart, OpenByMonthChart, PolesByInspectionChart } from "./dashboard-charts";
import { SettingsCard } from "./settings-card";
import { SummaryCards } from "./summary-cards";

export default function DashboardPage() {
  const [region, setRegion] = useState<string | null>(null);
  const summary = useSummary(region);
  const regions = useRegions();
  const may = usePermissions();
  const s = summary.data;
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
          <AnnualReportLinks />
        </Stack>
        {summary.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
        <SummaryCards summary={s} />
        <Stack direction={{ xs: "column", lg: "row" }} spacing={2}>
          <FlowByMonthChart summary={s} />
          <AgeingChart summary={s} />
        </Stack>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={2}>
          <OpenByMonthChart summary={s} />
          <PolesByInspectionChart regions={list} />
        </Stack>
        {may.canManageTeam && <SettingsCard />}
      </Stack>
    </Box>
  );
}
