/**
 * A screen's first Tab stop, hidden until it has the focus: it takes the keyboard past the
 * navigation to the screen's content. The content differs with what is open (the map: the pole's
 * record, else the region's pole list, else the map itself), so it is given as selectors in order
 * of preference, and the first one on screen gets the focus.
 */
import { Box } from "@mui/material";
import { FOCUS_RING } from "./focus-ring";
import { focusSkipTarget, skipTarget } from "./skip-target";

export interface SkipLinkProps {
  text: string;
  /** CSS selectors, the preferred first; an element hidden (a closed drawer's) is passed over. */
  targets: readonly string[];
}

export { skipTarget };

export function SkipLink({ text, targets }: SkipLinkProps) {
  return (
    <Box
      component="a"
      href="#"
      onClick={(e) => {
        e.preventDefault();
        focusSkipTarget(targets);
      }}
      sx={{
        position: "fixed",
        top: 8,
        left: 8,
        zIndex: 1500,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "background.paper",
        color: "text.primary",
        // Off screen until focused: sighted keyboard users see it, a mouse never meets it.
        transform: "translateY(-200%)",
        "&:focus": { transform: "none", ...FOCUS_RING },
      }}
    >
      {text}
    </Box>
  );
}
