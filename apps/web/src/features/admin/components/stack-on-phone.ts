/**
 * A table that stacks on a phone: below the `sm` breakpoint each row becomes a block and each cell
 * a line of it, so a member's address, role, usage, cap and Remove all fit the screen's width
 * instead of sliding off to the right. A cell's `data-label` is written above it there, in place
 * of the hidden column heading.
 */
import type { SxProps, Theme } from "@mui/material";

export const stackOnPhone: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down("sm")]: {
    "& thead": { display: "none" },
    "& tbody, & tr, & td": { display: "block", width: "100%" },
    "& tr": { borderBottom: `1px solid ${theme.palette.divider}`, py: 1 },
    "& td": { border: 0, px: 0, py: 0.5, overflowWrap: "anywhere" },
    "& td[data-label]::before": {
      content: "attr(data-label)",
      display: "block",
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
    },
  },
});
