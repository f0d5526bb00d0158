/**
 * The work list's tools where it is narrow (a phone, or a desktop zoomed to 400 %): the filters in
 * a dialog behind one button (saying how many are set), and the sort as a choice of field and a
 * descending switch, since cards have no column headers to click.
 */
import FilterListIcon from "@mui/icons-material/FilterList";
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { FINDING_SORT_FIELDS, workTexts } from "@poleatlas/shared";
import { useState, type ComponentProps } from "react";
import { DEFAULT_FINDING_FILTERS, type FindingFilters } from "../api/findings";
import { WorkListFilters } from "./work-list-filters";

/** How many filters differ from the list's default (the sort is not a filter). */
export function filtersSet(f: FindingFilters): number {
  return (Object.keys(f) as (keyof FindingFilters)[]).filter(
    (k) => k !== "sort" && f[k] !== DEFAULT_FINDING_FILTERS[k],
  ).length;
}

export function FiltersButton(props: ComponentProps<typeof WorkListFilters>) {
  const [open, setOpen] = useState(false);
  const set = filtersSet(props.filters);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {set > 0 ? `${workTexts.filters} (${set})` : workTexts.filters}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullScreen>
        <DialogTitle>{workTexts.filters}</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <WorkListFilters {...props} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {workTexts.close}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function SortChoice({ sort, onSort }: { sort: string; onSort: (sort: string) => void }) {
  const field = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <TextField
        select
        size="small"
        label={workTexts.sortBy}
        value={field}
        onChange={(e) => onSort(descending ? `-${e.target.value}` : e.target.value)}
        sx={{ minWidth: 150 }}
      >
        {FINDING_SORT_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {workTexts.sorts[f]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox checked={descending} onChange={(e) => onSort(e.target.checked ? `-${field}` : field)} />
        }
        label={workTexts.descending}
      />
    </Stack>
  );
}
