/**
 * /work: the workspace's findings, a page at a time from the server (usable with 200k findings),
 * filtered and sorted by the server, the filter in the address (/work?assignee=me is "My work").
 * Rows can be chosen one by one or as every finding of the filter for a bulk action. On a phone:
 * one card per finding, nearest due date first. 'Export CSV' downloads every finding of the filter.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  TablePagination,
  Typography,
} from "@mui/material";
import { inspectionTexts, workTexts } from "@poleatlas/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { usePhoneLayout } from "../../../components/use-layout";
import { filterParams, useFindingsPage, type FindingFilters } from "../api/findings";
import { useAssignees } from "../api/members";
import { useRegionNames } from "../api/regions";
import { downloadExport } from "../../export";
import { filtersFromSearch, searchOfFilters } from "../lib/work-filters";
import { WorkListBulk } from "./work-list-bulk";
import { WorkListCards } from "./work-list-cards";
import { WorkListFilters } from "./work-list-filters";
import { WorkListTable } from "./work-list-table";

const PAGE_SIZES = [25, 50, 100];
/** The phone's cards: one page, nearest due first (the request the app keeps for offline). */
const PHONE_PAGE = 100;

/**
 * The work list's CSV is the export's findings layer with the list's filters and sort: one
 * implementation of its columns, on the server.
 */
function exportCsv(filters: FindingFilters) {
  const { region: _region, observed_from: _from, observed_to: _to, ...rest } = filterParams(filters);
  return downloadExport({
    format: "csv",
    layer: "findings",
    region: filters.region,
    risk: [],
    from: filters.observedFrom ?? "",
    to: filters.observedTo ?? "",
    findings: { ...rest, sort: filters.sort },
  });
}

export default function WorkListPage() {
  const phone = usePhoneLayout();
  const regions = useRegionNames();
  const assignees = useAssignees();
  const [search, setSearch] = useSearchParams();
  const chosen = filtersFromSearch(search);
  const filters = phone ? { ...chosen, sort: "due" } : chosen;
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  /** Cursors of the pages seen so far: page n starts at cursors[n]. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allOfFilter, setAllOfFilter] = useState(false);
  const page = useFindingsPage(filters, cursors[pageIndex] ?? null, phone ? PHONE_PAGE : limit);
  const [exporting, setExporting] = useState(false);

  const restart = () => {
    setCursors([null]);
    setPageIndex(0);
    setSelected(new Set());
    setAllOfFilter(false);
  };
  const filter = (change: Partial<FindingFilters>) => {
    setSearch(searchOfFilters({ ...chosen, ...change }), { replace: true });
    restart();
  };
  const rows = page.data?.findings ?? [];
  const next = page.data?.nextCursor ?? null;
  const known = pageIndex * limit + rows.length;
  const target = allOfFilter ? { filter: filterParams(filters) } : { ids: [...selected] };

  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 1400, mx: "auto" }}>
        <Stack direction="row" spacing={1}>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {inspectionTexts.backToMap}
          </Button>
          <Button
            variant={chosen.assignee === "me" ? "contained" : "outlined"}
            onClick={() => filter({ assignee: "me", status: "unresolved" })}
          >
            {workTexts.myWork}
          </Button>
        </Stack>
        <Typography variant="h4" component="h1">
          {chosen.assignee === "me" ? workTexts.myWork : inspectionTexts.workList}
        </Typography>
        {!phone && (
          <>
            <WorkListFilters filters={chosen} onChange={filter} regions={regions} assignees={assignees} />
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allOfFilter}
                    onChange={(e) => {
                      setAllOfFilter(e.target.checked);
                      setSelected(new Set());
                    }}
                  />
                }
                label={workTexts.selectAllOfFilter}
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
            {(allOfFilter || selected.size > 0) && (
              <WorkListBulk
                target={target}
                count={next === null && pageIndex === 0 ? rows.length : null}
                assignees={assignees}
                onDone={() => setSelected(new Set())}
              />
            )}
          </>
        )}
        {page.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
        {phone ? (
          <WorkListCards rows={rows} empty={page.isSuccess && rows.length === 0} />
        ) : (
          <>
            <WorkListTable
              rows={rows}
              sort={filters.sort}
              onSort={(sort) => filter({ sort })}
              selected={selected}
              allOfFilter={allOfFilter}
              onSelect={(ids, on) =>
                setSelected((s) => {
                  const next = new Set(s);
                  for (const id of ids) {
                    if (on) next.add(id);
                    else next.delete(id);
                  }
                  return next;
                })
              }
              empty={page.isSuccess && rows.length === 0}
            />
            <TablePagination
              component="div"
              count={next === null ? known : -1}
              page={pageIndex}
              rowsPerPage={limit}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(e) => {
                setLimit(Number(e.target.value));
                restart();
              }}
              onPageChange={(_, n: number) => {
                if (n > pageIndex && next !== null) setCursors((c) => [...c.slice(0, n), next]);
                setPageIndex(n);
              }}
              slotProps={{ actions: { nextButton: { disabled: next === null } } }}
            />
          </>
        )}
      </Stack>
    </Box>
  );
}
