/**
 * Screen-width layouts. Above 900 px the spec's desktop layout; below it the sidebar
 * is a drawer behind a menu button and the photo panel a bottom sheet (a 240 px sidebar and a
 * 400 px panel leave a 600–900 px screen too little globe); below 600 px dialogs fill the screen.
 */
import { useMediaQuery } from "@mui/material";

export const COMPACT_MAX_PX = 900;
export const PHONE_MAX_PX = 600;

export const useCompactLayout = () =>
  useMediaQuery(`(max-width: ${COMPACT_MAX_PX - 0.02}px)`, { noSsr: true });
export const usePhoneLayout = () => useMediaQuery(`(max-width: ${PHONE_MAX_PX - 0.02}px)`, { noSsr: true });
