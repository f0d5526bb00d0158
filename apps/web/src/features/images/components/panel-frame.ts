/**
 * The map's right-hand panel frame (spec §2: 400 px on the right), or on narrow screens a bottom
 * sheet over the globe that a swipe down on its top closes. The pole record and its loading
 * state share it.
 */
import { SIDE_PANEL_WIDTH_PX } from "@poleatlas/shared";
import { useRef, type TouchEvent } from "react";

/** How far a finger must pull the sheet's top down to close it. */
const SWIPE_CLOSE_PX = 60;

/** Touch handlers that call `onClose` for a downward swipe that starts on the sheet's top. */
export function useSwipeDown(onClose: () => void) {
  const startY = useRef<number | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      startY.current = e.touches[0]?.clientY ?? null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const endY = e.changedTouches[0]?.clientY;
      if (startY.current !== null && endY !== undefined && endY - startY.current > SWIPE_CLOSE_PX) onClose();
      startY.current = null;
    },
  };
}

const SIDE = {
  width: SIDE_PANEL_WIDTH_PX,
  flexShrink: 0,
  height: "100%",
};
/** The sheet's tallest, in percent of the page's height (the map keeps a selected pole above it). */
export const SHEET_MAX_HEIGHT_VH = 62;
const SHEET = {
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  maxHeight: `${SHEET_MAX_HEIGHT_VH}vh`,
  zIndex: 4,
  borderTopLeftRadius: 16,
  borderTopRightRadius: 16,
  pt: 1,
} as const;

/** The panel's frame: 400 px on the right, or a bottom sheet on narrow screens. */
export const panelFrame = (sheet: boolean) => (sheet ? SHEET : SIDE);
