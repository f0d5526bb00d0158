/**
 * The timeline of one spot: a slider over every photo with identical latitude and longitude,
 * date ascending. Arrow keys step it when the slider has focus (MUI) and also when nothing
 * else that takes keys has focus, so a user can page through the spot's history right away;
 * never while a dialog, menu or list is open over the page.
 */
import { Box, Slider, Typography } from "@mui/material";
import { mapScreenTexts, type ImageRecord } from "@poleatlas/shared";
import { useEffect, useRef } from "react";
import { formatPhotoDate } from "../lib/format";

export interface PhotoTimelineProps {
  timeline: readonly ImageRecord[];
  index: number;
  onSelect: (photoId: string) => void;
}

/** Widgets whose arrow keys are their own: a key inside one never steps the timeline. */
const KEYED_WIDGETS =
  '[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"], [role="combobox"]';
const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]';

/**
 * Whether a dialog, menu or list is open over the page: the timeline must not move under it (a
 * delete confirm would then delete another photo). A closed one kept mounted (the narrow
 * screens' drawer) is aria-hidden by MUI, and so is the page behind an open one.
 */
function overlayOpen(): boolean {
  return [...document.querySelectorAll(OVERLAYS)].some((el) => !el.closest('[aria-hidden="true"]'));
}

function takesKeys(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest(KEYED_WIDGETS)) return true;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(target.tagName) ||
    target.getAttribute("role") === "slider"
  );
}

export function PhotoTimeline({ timeline, index, onSelect }: PhotoTimelineProps) {
  const last = timeline.length - 1;
  const state = useRef({ timeline, index, onSelect });
  useEffect(() => {
    state.current = { timeline, index, onSelect };
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || takesKeys(e.target)) return;
      if (overlayOpen()) return;
      const delta = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      const { timeline: t, index: i, onSelect: select } = state.current;
      const next = t[i + delta];
      if (delta === 0 || !next) return;
      e.preventDefault();
      select(next.id);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const first = timeline[0];
  const end = timeline[last];
  return (
    <Box data-testid="photo-timeline">
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline" }}>
        <Typography variant="subtitle2" component="h3">
          {mapScreenTexts.timeline}
        </Typography>
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {mapScreenTexts.timelineStep(index + 1, timeline.length)}
        </Typography>
      </Box>
      <Slider
        aria-label={mapScreenTexts.timeline}
        value={index}
        min={0}
        max={last}
        step={1}
        marks
        onChange={(_e, value: number | number[]) => {
          const i: number = Array.isArray(value) ? (value[0] ?? 0) : value;
          const photo = timeline[i];
          if (photo && photo.id !== timeline[index]?.id) onSelect(photo.id);
        }}
        getAriaValueText={(i) => formatPhotoDate(timeline[i]?.date)}
        sx={{ mx: 1, width: "calc(100% - 16px)" }}
      />
      <Box sx={{ display: "flex", justifyContent: "space-between" }}>
        <Typography variant="caption" color="text.secondary">
          {formatPhotoDate(first?.date)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatPhotoDate(end?.date)}
        </Typography>
      </Box>
    </Box>
  );
}
