/**
 * Around every route: the document's title for the route (WCAG 2.4.2), and on a change of route
 * inside the app the new title said in a polite live region and the keyboard moved to the new
 * screen's heading, so neither a screen reader nor the focus is left on a page that went away.
 * The first load says nothing: the browser reads the new document itself.
 */
import { Box } from "@mui/material";
import { pageTitleOf } from "@poleatlas/shared";
import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { startLoaded } from "../components/start-loaded";
import { VISUALLY_HIDDEN } from "../components/visually-hidden";

/** Where the keyboard goes on a new screen: its heading, else its main area. */
export const SCREEN_START = ["main h1", "h1", "main"] as const;

export function RouteFrame() {
  const { pathname } = useLocation();
  // A new screen is a new path: the map changes its query (region, pole, photo) as it is used,
  // and that must neither announce the map again nor take the focus from what the user works in.
  const [firstPath] = useState(pathname);
  const [left, setLeft] = useState(false);
  if (!left && pathname !== firstPath) setLeft(true);
  const title = pageTitleOf(pathname);
  const moved = left || pathname !== firstPath;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (!moved) return;
    // Loaded with the first change of route: the sign-in page's first load does not carry it.
    return startLoaded(
      () => import("../components/focus-when-shown"),
      (m) => m.focusWhenShown(SCREEN_START),
    );
  }, [moved, pathname]);
  return (
    <>
      <Outlet />
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN} data-testid="route-announcer">
        {moved ? title : ""}
      </Box>
    </>
  );
}
