/**
 * Which poles get their name (tag, else label) drawn beside their marker, pure (no Cesium) so it
 * runs in unit tests. A name is read up close: only at street zoom, only for poles on the canvas,
 * never over another name (decluttered as the region labels are), and at most MAX_POLE_NAMES, so a
 * dense view stays fast (each glyph is a billboard). The selected pole's name shows at any height.
 */

/**
 * Camera height (metres) at and below which pole names are drawn. From 500 m straight down a
 * ~1,000 px tall canvas spans ~580 m, ~0.6 m a pixel: poles 30–50 m apart along a street stand
 * 50–80 px apart, room for a tag beside each. From the region view's 3,000 m they are ~10 px
 * apart and a name would cover several markers.
 */
export const STREET_ZOOM_MAX_HEIGHT_M = 500;

/** At most this many pole names at once (with ~10 glyphs a name, ~1,500 billboards). */
export const MAX_POLE_NAMES = 150;

/** Where a name is drawn: right of its marker, clear of the selected (bigger) marker. */
export const POLE_NAME_OFFSET_PX = 16;
/** A name's room on screen at 14 px bold: a line's height, and a width per character plus the outline. */
export const POLE_NAME_LINE_PX = 20;
const CHAR_PX = 9;
const OUTLINE_PX = 6;
/** A longer name is still given this much room at most (tags run up to 64 characters). */
export const MAX_NAME_WIDTH_PX = 300;

export interface PoleNameCandidate {
  id: string;
  name: string;
  /** The marker's canvas position, CSS pixels. */
  x: number;
  y: number;
  /** Higher is named first where names would overlap (the risk: High before Low). */
  priority: number;
}

export interface NameView {
  cameraHeight: number;
  /** The canvas, CSS pixels. */
  width: number;
  height: number;
  /** The selected pole: named first, and at any height. */
  selectedId: string | null;
}

export const nameWidth = (name: string) => Math.min(MAX_NAME_WIDTH_PX, name.length * CHAR_PX + OUTLINE_PX);

/**
 * The ids of the poles to name, in the order chosen: the selected pole first, then by priority,
 * then nearest the canvas's middle (what the user looks at), then the list's order. Above street
 * zoom only the selected pole is named. A name is left out when its box (right of the marker)
 * would overlap a chosen one's or its marker is off the canvas. A grid of the largest box's size
 * keeps the overlap search to the 3 × 3 cells around.
 */
export function poleNamesToDraw(candidates: readonly PoleNameCandidate[], view: NameView): string[] {
  const street = view.cameraHeight <= STREET_ZOOM_MAX_HEIGHT_M;
  const [cx, cy] = [view.width / 2, view.height / 2];
  const order: { c: PoleNameCandidate; selected: boolean; d2: number; at: number }[] = [];
  candidates.forEach((c, at) => {
    const selected = c.id === view.selectedId;
    if (!c.name || (!street && !selected)) return;
    if (!(c.x >= 0 && c.y >= 0 && c.x <= view.width && c.y <= view.height)) return;
    order.push({ c, selected, d2: (c.x - cx) ** 2 + (c.y - cy) ** 2, at });
  });
  order.sort(
    (a, b) =>
      Number(b.selected) - Number(a.selected) || b.c.priority - a.c.priority || a.d2 - b.d2 || a.at - b.at,
  );
  const grid = new Map<string, { left: number; right: number; y: number }[]>();
  const out: string[] = [];
  for (const { c } of order) {
    if (out.length >= MAX_POLE_NAMES) break;
    const left = c.x + POLE_NAME_OFFSET_PX;
    const box = { left, right: left + nameWidth(c.name), y: c.y };
    const gx = Math.floor(left / MAX_NAME_WIDTH_PX);
    const gy = Math.floor(c.y / POLE_NAME_LINE_PX);
    let free = true;
    for (let dx = -1; dx <= 1 && free; dx++) {
      for (let dy = -1; dy <= 1 && free; dy++) {
        for (const o of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
          if (o.left < box.right && box.left < o.right && Math.abs(o.y - box.y) < POLE_NAME_LINE_PX) {
            free = false;
            break;
          }
        }
      }
    }
    if (!free) continue;
    const key = `${gx},${gy}`;
    grid.set(key, [...(grid.get(key) ?? []), box]);
    out.push(c.id);
  }
  return out;
}
