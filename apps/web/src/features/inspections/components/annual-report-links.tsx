/**
 * The annual programme report for a chosen year, as PDF (opened in a new tab) and as CSV
 * (downloaded). Last year first: the year a regulator's report is due for.
 */
import { Button, MenuItem, Stack, TextField } from "@mui/material";
import { ANNUAL_REPORT_YEARS, inspectionTexts } from "@poleatlas/shared";
import { useState } from "react";

/** The years offered, newest first: a report further back is still a URL away. */
const YEARS_OFFERED = 20;

/** GET /api/reports/annual/<year>.pdf|.csv */
export const annualReportUrl = (year: number, format: "pdf" | "csv") =>
  `/api/reports/annual/${year}.${format}`;

export function AnnualReportLinks({ thisYear = new Date().getFullYear() }: { thisYear?: number }) {
  const [year, setYear] = useState(thisYear - 1);
  const first = Math.max(ANNUAL_REPORT_YEARS.first, thisYear - YEARS_OFFERED + 1);
  const years = Array.from({ length: thisYear - first + 1 }, (_, i) => thisYear - i);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <TextField
        select
        size="small"
        label={`${inspectionTexts.annualReport}: ${inspectionTexts.annualReportYear}`}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
        sx={{ minWidth: 170 }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        component="a"
        href={annualReportUrl(year, "pdf")}
        target="_blank"
        aria-label={inspectionTexts.annualReportFile(year, inspectionTexts.annualReportPdf)}
      >
        {inspectionTexts.annualReportPdf}
      </Button>
      <Button
        variant="outlined"
        component="a"
        href={annualReportUrl(year, "csv")}
        download
        aria-label={inspectionTexts.annualReportFile(year, inspectionTexts.annualReportCsv)}
      >
        {inspectionTexts.annualReportCsv}
      </Button>
    </Stack>
  );
}
