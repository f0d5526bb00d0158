/**
 * /work: the workspace's findings, a page at a time from the server (usable with 200k findings),
 * filtered and sorted by the server, the filter in the address (/work?assignee=me is "My work").
 * Rows can be chosen one by one, a page at a time or as every finding of the filter for a bulk
 * action; each row has a menu of its steps and edits. Where the list itself is narrow (a phone, a
 * desktop zoomed to 400 %), one card per finding, with every function kept: the filters in a
 * dialog, a sort choice, checkboxes, the bulk bar, CSV and paging. 'Export CSV' downloads every
 * finding of the filter.
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
import { canEdit, inspectionTexts, workTexts } from "@poleatlas/shared";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { filterParams, useFindingsPage, type FindingFilters } from "../api/findings";
import { useAssignees } from "../api/members";
import { useRegionNames } from "../api/regions";
import { downloadExport } from "../../export";
import { useWorkspaces } from "../../workspaces";
import { useNarrow } from "../hooks/use-narrow";
import { filtersFromSearch, searchOfFilters } from "../lib/work-filters";
import { WorkListBulk } from "./work-list-bulk";
import { WorkListCards } from "./work-list-cards";
import { WorkListFilters } from "./work-list-filters";
import { FiltersButton, SortChoice } from "./work-list-narrow-tools";
import { WorkListTable } from "./work-list-table";
import { useRefocusAfter } from "../../../components/use-refocus-after";

const PAGE_SIZES = [25, 50, 100];
/** Cards start at 100 a page: My work's first page is what a crew finds again offline. */
const NARROW_PAGE = 100;
/** Below this width of its own the list is cards: its table's columns no longer fit. */
const NARROW_MAX_PX = 600;
/** Read by screen readers only: the count of chosen findings, announced as it changes. */
const SCREEN_READER_ONLY = {
  position: "absolute",
  // Strings: MUI reads a bare 1 as 100 %.
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

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
  const frame = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(frame, NARROW_MAX_PX);
  // The table and the cards swap as the list's width crosses the line (a phone turned, a zoom):
  // the control that had the keyboard may go with them, and then the heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  useRefocusAfter(narrow, heading);
  const regions = useRegionNames();
  const assignees = useAssignees();
  const role = useWorkspaces().data?.active?.role;
  const editors = role !== undefined && canEdit(role) ? assignees : null;
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  /** null: the layout's own page size. */
  const [chosenLimit, setLimit] = useState<number | null>(null);
  const limit = chosenLimit ?? (narrow ? NARROW_PAGE : PAGE_SIZES[0]!);
  /** Cursors of the pages seen so far: page n starts at cursors[n]. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allOfFilter, setAllOfFilter] = useState(false);
  // Cursors belong to the page size they were read with: when a new width changes it (25 a page
  // wide, 100 narrow), the list starts again at its first page (set while rendering, so no
  // request goes out with an old cursor and the new size).
  const [pagedBy, setPagedBy] = useState(limit);
  if (pagedBy !== limit) {
    setPagedBy(limit);
    setCursors([null]);
    setPageIndex(0);
  }
  const page = useFindingsPage(filters, pagedBy === limit ? (cursors[pageIndex] ?? null) : null, limit);
  const [exporting, setExporting] = useState(false);

  const restart = () => {
    setCursors([null]);
    setPageIndex(0);
    setSelected(new Set());
    setAllOfFilter(false);
  };
  const filter = (change: Partial<FindingFilters>) => {
    setSearch(searchOfFilters({ ...filters, ...change }), { replace: true });
    restart();
  };
  const select = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const rows = page.data?.findings ?? [];
  const next = page.data?.nextCursor ?? null;
  const known = pageIndex * limit + rows.length;
  const target = allOfFilter ? { filter: filterParams(filters) } : { ids: [...selected] };
  const allShown = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const filterProps = { filters, onChange: filter, regions, assignees };

  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack ref={frame} spacing={2} sx={{ maxWidth: 1400, mx: "auto" }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {inspectionTexts.backToMap}
          </Button>
          <Button
            variant={filters.assignee === "me" ? "contained" : "outlined"}
            onClick={() => filter({ assignee: "me", status: "unresolved" })}
          >
            {workTexts.myWork}
          </Button>
        </Stack>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1">
          {filters.assignee === "me" ? workTexts.myWork : inspectionTexts.workList}
        </Typography>
        {narrow ? (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <FiltersButton {...filterProps} />
            <SortChoice sort={filters.sort} onSort={(sort) => filter({ sort })} />
          </Stack>
        ) : (
          <WorkListFilters {...filterProps} />
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
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
          {narrow && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={allOfFilter || allShown}
                  disabled={allOfFilter || rows.length === 0}
                  onChange={(e) =>
                    select(
                      rows.map((r) => r.id),
                      e.target.checked,
                    )
                  }
                />
              }
              label={workTexts.selectPage}
            />
          )}
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
        <Box role="status" aria-live="polite" sx={SCREEN_READER_ONLY}>
          {allOfFilter ? workTexts.allOfFilter : selected.size > 0 ? workTexts.selected(selected.size) : ""}
        </Box>
        {(allOfFilter || selected.size > 0) && (
          <WorkListBulk
            target={target}
            count={next === null && pageIndex === 0 ? rows.length : null}
            assignees={assignees}
            onDone={() => setSelected(new Set())}
          />
        )}
        {page.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
        {narrow ? (
          <WorkListCards
            rows={rows}
            empty={page.isSuccess && rows.length === 0}
            selected={selected}
            onSelect={select}
            allOfFilter={allOfFilter}
            assignees={editors}
          />
        ) : (
          <WorkListTable
            rows={rows}
            sort={filters.sort}
            onSort={(sort) => filter({ sort })}
            selected={selected}
            allOfFilter={allOfFilter}
            onSelect={select}
            empty={page.isSuccess && rows.length === 0}
            assignees={editors}
          />
        )}
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
          // Narrow: its parts wrap onto two lines rather than scroll sideways (WCAG 1.4.10).
          sx={
            narrow
              ? { overflow: "visible", "& .MuiTablePagination-toolbar": { flexWrap: "wrap", px: 0 } }
              : undefined
          }
        />
      </Stack>
    </Box>
  );
}
