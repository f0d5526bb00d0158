/**
 * The region's poles without a mouse: one list in tag order (lib/pole-list.ts), one Tab stop. The
 * arrow keys, Home/End and Page Up/Down move the focus, typing jumps to the next name starting
 * so, Enter opens the pole. Only the rows in sight (and a few around them, and the focused one)
 * are in the page, so a region of 100k poles scrolls and moves as fast as one of ten; each row
 * says its place in the whole list. A list of buttons with one Tab stop, not a listbox: the
 * photo's timeline takes the arrow keys while any listbox (a menu's, a popup's) is open, and this
 * list is always there.
 */
import { Box, Typography } from "@mui/material";
import { mapNavigationTexts, type PoleMarkers, type RiskKey } from "@poleatlas/shared";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { FOCUS_RING } from "../../../components/focus-ring";
import { riskLook } from "../../../globe/markers";
import { findByPrefix, poleList } from "../lib/pole-list";

/** Each row's height, CSS pixels: rows are placed by index, never measured. */
export const POLE_ROW_PX = 44;
/** Rows drawn beyond each edge of the view, so a fast scroll shows no blank. */
const OVERSCAN = 8;
/** The view's height before it has been measured (and where nothing is laid out, as in tests). */
const UNMEASURED_VIEW_PX = 400;
/** Typed letters within this pause make one prefix ("LIV-10"), as in a native list box. */
const TYPE_AHEAD_MS = 700;

/** The marker's colours in small, as on the globe: unrated a grey ring, never a yellow. */
const dotLook = (risk: RiskKey) => {
  const look = riskLook(risk);
  return { bgcolor: look.fill, border: `2px solid ${risk === "unrated" ? look.outline : "#000"}` };
};

/** What the skip link looks for: the list's Tab stop (its active row), when it is on screen. */
export const POLE_LIST_SELECTOR = "[data-map-content='pole-list']";

/** One pole's row in the list, when it is drawn (the list draws the rows in sight). */
export const poleRowSelector = (poleId: string) => `[data-pole-row="${CSS.escape(poleId)}"]`;

export interface RegionPoleListProps {
  /** The region's marker columns; null while they load. */
  poles: PoleMarkers | null;
  onOpen: (poleId: string) => void;
}

export function RegionPoleList({ poles, onOpen }: RegionPoleListProps) {
  const list = useMemo(() => poleList(poles), [poles]);
  /** The active pole by id: a new answer (a teammate's upload told live) may move its row. */
  const [activeId, setActiveId] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewPx, setViewPx] = useState(UNMEASURED_VIEW_PX);
  const view = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: "", at: 0 });
  /** Set by a key: the new active row takes the focus once it is drawn. */
  const focusNext = useRef(false);
  const at = useMemo(() => Math.max(0, activeId === null ? 0 : list.rowOf(activeId)), [list, activeId]);
  const setActive = (row: number) => setActiveId(list.entry(row).id);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    view.current?.querySelector<HTMLElement>(POLE_LIST_SELECTOR)?.focus();
  }, [at]);

  useEffect(() => {
    const el = view.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setViewPx(el.clientHeight || UNMEASURED_VIEW_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** Moves the active row, scrolling just enough to keep it in sight. */
  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(list.size - 1, i));
    focusNext.current = next !== at;
    setActive(next);
    const el = view.current;
    if (!el) return;
    const top = next * POLE_ROW_PX;
    let scroll = el.scrollTop;
    if (top < scroll) scroll = top;
    else if (top + POLE_ROW_PX > scroll + viewPx) scroll = top + POLE_ROW_PX - viewPx;
    if (scroll !== el.scrollTop) el.scrollTop = scroll;
    setScrollTop(scroll);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (list.size === 0) return;
    const page = Math.max(1, Math.floor(viewPx / POLE_ROW_PX) - 1);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      PageDown: at + page,
      PageUp: at - page,
      Home: 0,
      End: list.size - 1,
    };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      moveTo(to);
      return;
    }
    // Enter and Space are the row's own: a button's click.
    if (e.key.length === 1 && e.key !== " " && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const now = e.timeStamp || Date.now();
      const again = now - typed.current.at < TYPE_AHEAD_MS;
      const text = again ? typed.current.text + e.key : e.key;
      typed.current = { text, at: now };
      // A longer prefix may still fit the row already on; a new first letter looks past it.
      const found = findByPrefix(list, text, again ? at : at + 1);
      if (found >= 0) {
        e.preventDefault();
        moveTo(found);
      }
    }
  };

  if (!poles) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
        {mapNavigationTexts.poleListLoading}
      </Typography>
    );
  }
  const first = Math.max(0, Math.floor(scrollTop / POLE_ROW_PX) - OVERSCAN);
  const last = Math.min(list.size, Math.ceil((scrollTop + viewPx) / POLE_ROW_PX) + OVERSCAN);
  const rows = [];
  // The focused row stays drawn wherever the list is scrolled: it is the list's Tab stop.
  const shown = at < first || at >= last ? [at] : [];
  for (let i = first; i < last; i++) shown.push(i);
  for (const i of shown) {
    const entry = list.entry(i);
    rows.push(
      <Box
        component="li"
        key={entry.id}
        aria-setsize={list.size}
        aria-posinset={i + 1}
        sx={{ position: "absolute", top: i * POLE_ROW_PX, left: 0, right: 0, height: POLE_ROW_PX }}
      >
        <Box
          component="button"
          type="button"
          tabIndex={i === at ? 0 : -1}
          data-map-content={i === at ? "pole-list" : undefined}
          data-pole-row={entry.id}
          onClick={() => {
            setActive(i);
            onOpen(entry.id);
          }}
          onFocus={() => {
            if (i !== at) setActive(i);
          }}
          sx={{
            all: "unset",
            boxSizing: "border-box",
            width: "100%",
            height: "100%",
            px: 2,
            display: "flex",
            alignItems: "center",
            gap: 1,
            cursor: "pointer",
            bgcolor: i === at ? "action.selected" : undefined,
            "&:hover": { bgcolor: "action.hover" },
            "&:focus-visible": { ...FOCUS_RING, outlineOffset: "-3px" },
          }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, flexShrink: 0, borderRadius: "50%", ...dotLook(entry.risk) }}
          />
          {/* Spans: a button holds phrasing content only. */}
          <Box component="span" sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap component="span" sx={{ display: "block" }}>
              {entry.name}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="span"
              sx={{ display: "block" }}
            >
              {entry.hint}
            </Typography>
          </Box>
        </Box>
      </Box>,
    );
  }

  return (
    // Never shrunk below a few rows: in a short sidebar the drawer scrolls instead, so the list
    // cannot slide under the storage card.
    <Box sx={{ display: "flex", flexDirection: "column", flex: "1 0 200px" }}>
      <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1 }}>
        {mapNavigationTexts.poleListTitle(list.size)}
      </Typography>
      {list.size === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {mapNavigationTexts.poleListEmpty}
        </Typography>
      ) : (
        <Box
          ref={view}
          onKeyDown={onKeyDown}
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          sx={{ position: "relative", flex: 1, minHeight: 160, overflowY: "auto" }}
        >
          <Box
            component="ul"
            aria-label={mapNavigationTexts.poleListLabel}
            sx={{ position: "relative", height: list.size * POLE_ROW_PX, m: 0, p: 0, listStyle: "none" }}
          >
            {rows}
          </Box>
        </Box>
      )}
    </Box>
  );
}
