/**
 * /work: the workspace's findings as a table, by due date, a page at a time from the server (usable
 * with 100k findings), filtered by status, level, overdue and region. A row opens its pole on the
 * map; 'Export CSV' downloads every finding of the current filter.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link as MuiLink,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import {
  findingListSchema,
  inspectionTexts,
  MAX_FINDINGS_PAGE_LIMIT,
  type Finding,
  type FindingList,
} from "@poleatlas/shared";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { apiClient } from "../../../lib/api-client";
import { poleLink } from "../../../lib/map-links";
import { findingsQuery, useFindingsPage, type FindingFilters } from "../api/findings";
import { useRegionNames } from "../api/regions";
import { findingsCsv } from "../lib/csv";
import { LevelChip } from "./level-chip";

const PAGE_SIZES = [25, 50, 100];

async function exportCsv(filters: FindingFilters) {
  const all: Finding[] = [];
  let cursor: string | null = null;
  do {
    const page: FindingList = await apiClient.get(
      `/api/findings?${findingsQuery(filters, cursor, MAX_FINDINGS_PAGE_LIMIT)}`,
      findingListSchema,
    );
    all.push(...page.findings);
    cursor = page.nextCursor;
  } while (cursor !== null);
  const url = URL.createObjectURL(new Blob([findingsCsv(all)], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "findings.csv";
  a.click();
  URL.revokeObjectURL(url);
}

export default function WorkListPage() {
  const navigate = useNavigate();
  const regions = useRegionNames();
  const [filters, setFilters] = useState<FindingFilters>({
    status: "open",
    overdue: false,
    level: null,
    region: null,
  });
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  /** Cursors of the pages seen so far: page n starts at cursors[n]. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const page = useFindingsPage(filters, cursors[pageIndex] ?? null, limit);
  const [exporting, setExporting] = useState(false);

  const filter = (change: Partial<FindingFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setCursors([null]);
    setPageIndex(0);
  };
  const rows = page.data?.findings ?? [];
  const next = page.data?.nextCursor ?? null;
  const known = pageIndex * limit + rows.length;

  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 1200, mx: "auto" }}>
        <Box>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {inspectionTexts.backToMap}
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          {inspectionTexts.workList}
        </Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" } }}>
          <TextField
            select
            size="small"
            label={inspectionTexts.status}
            value={filters.status}
            onChange={(e) => filter({ status: e.target.value as FindingFilters["status"] })}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="open">{inspectionTexts.open}</MenuItem>
            <MenuItem value="resolved">{inspectionTexts.resolved}</MenuItem>
            <MenuItem value="all">{inspectionTexts.all}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={inspectionTexts.level}
            value={filters.level ?? ""}
            onChange={(e) =>
              filter({ level: e.target.value === "" ? null : (Number(e.target.value) as 1 | 2 | 3) })
            }
            sx={{ minWidth: 140 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{inspectionTexts.anyLevel}</MenuItem>
            {[1, 2, 3].map((l) => (
              <MenuItem key={l} value={l}>
                {inspectionTexts.levelName(l)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={inspectionTexts.region}
            value={filters.region ?? ""}
            onChange={(e) => filter({ region: e.target.value === "" ? null : e.target.value })}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{inspectionTexts.anyRegion}</MenuItem>
            {[...regions.entries()].map(([id, name]) => (
              <MenuItem key={id} value={id}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={filters.overdue} onChange={(e) => filter({ overdue: e.target.checked })} />
            }
            label={inspectionTexts.overdueOnly}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              exportCsv(filters)
                .catch(() => {})
                .finally(() => setExporting(false));
            }}
          >
            {inspectionTexts.exportCsv}
          </Button>
        </Stack>
        {page.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
        <TableContainer component={Paper}>
          <Table size="small" aria-label={inspectionTexts.workList}>
            <TableHead>
              <TableRow>
                {[
                  inspectionTexts.poleTag,
                  inspectionTexts.region,
                  inspectionTexts.code,
                  inspectionTexts.level,
                  inspectionTexts.observed,
                  inspectionTexts.dueColumn,
                  inspectionTexts.status,
                  inspectionTexts.who,
                ].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((f) => (
                <TableRow
                  key={f.id}
                  hover
                  sx={{ cursor: "pointer" }}
                  onClick={() => void navigate(poleLink(f.pole_id, f.image_id))}
                >
                  <TableCell>
                    {/* The keyboard's way to the pole's record (the row's click is the mouse's). */}
                    <MuiLink
                      component={Link}
                      to={poleLink(f.pole_id, f.image_id)}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {f.pole_tag || "—"}
                    </MuiLink>
                  </TableCell>
                  <TableCell>{regions.get(f.region_id) ?? f.region_id}</TableCell>
                  <TableCell>{f.code}</TableCell>
                  <TableCell>
                    <LevelChip level={f.level} />
                  </TableCell>
                  <TableCell>{f.observed_on}</TableCell>
                  <TableCell
                    sx={{ color: f.overdue ? "error.main" : undefined, fontWeight: f.overdue ? 600 : 400 }}
                  >
                    {f.due_on}
                    {f.overdue ? ` · ${inspectionTexts.overdue}` : ""}
                  </TableCell>
                  <TableCell>
                    {f.status === "open" ? inspectionTexts.open : inspectionTexts.resolved}
                  </TableCell>
                  <TableCell>{f.created_by_email}</TableCell>
                </TableRow>
              ))}
              {page.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>{inspectionTexts.noFindings}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={next === null ? known : -1}
          page={pageIndex}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setLimit(Number(e.target.value));
            setCursors([null]);
            setPageIndex(0);
          }}
          onPageChange={(_, n: number) => {
            if (n > pageIndex && next !== null) setCursors((c) => [...c.slice(0, n), next]);
            setPageIndex(n);
          }}
          slotProps={{ actions: { nextButton: { disabled: next === null } } }}
        />
      </Stack>
    </Box>
  );
}
