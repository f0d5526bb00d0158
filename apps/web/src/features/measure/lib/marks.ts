/**
 * The marks of one measuring session, per photo, with their undo history. The stick's first mark
 * is the pole's base (height 0); heights and labels are kept as typed, so nothing is lost when the
 * server refuses them. Moving the same mark again (a drag, arrow presses, typing in one field) is
 * one step of undo, not one per pixel or key.
 */
import type { AttachmentKind } from "@poleatlas/shared";
import type { Pixel } from "./photo-view";

export interface StickMark {
  at: Pixel;
  /** As typed, in the workspace's unit. */
  height: string;
}
export interface PointMark {
  at: Pixel;
  kind: AttachmentKind;
  label: string;
}
export interface PhotoMarks {
  stick: StickMark[];
  points: PointMark[];
  /** Two vertical lines, two points each, in the order clicked. */
  verticals: Pixel[];
  /** The pole's axis for its lean: base first, then a point up the pole. */
  axis: Pixel[];
  plumb: Pixel[];
  /** The compass bearing typed for a photo that has none. */
  bearing: string;
  /** The sensor's width, mm, typed for a photo without a 35 mm focal length. */
  sensor: string;
}
export type MarkList = "stick" | "points" | "verticals" | "axis" | "plumb";
export interface MarkRef {
  list: MarkList;
  index: number;
}

/** How many marks a list takes: two lines of two points, one axis, one plumb line. */
export const LIST_LIMITS: Record<MarkList, number> = {
  stick: 50,
  points: 100,
  verticals: 4,
  axis: 2,
  plumb: 2,
};

export const emptyMarks = (): PhotoMarks => ({
  stick: [],
  points: [],
  verticals: [],
  axis: [],
  plumb: [],
  bearing: "",
  sensor: "",
});

export interface MarksState {
  photos: Record<string, PhotoMarks>;
  past: Record<string, PhotoMarks>[];
  /** The last change's coalescing key: a repeat of it adds no undo step. */
  lastKey: string | null;
}

export const initialMarks: MarksState = { photos: {}, past: [], lastKey: null };

export type MarksAction =
  | { type: "add"; photo: string; list: "stick"; mark: StickMark }
  | { type: "add"; photo: string; list: "points"; mark: PointMark }
  | { type: "add"; photo: string; list: "verticals" | "axis" | "plumb"; mark: Pixel }
  | { type: "move"; photo: string; ref: MarkRef; at: Pixel; key: string }
  | { type: "edit"; photo: string; ref: MarkRef; patch: Partial<StickMark & PointMark>; key: string }
  | { type: "field"; photo: string; field: "bearing" | "sensor"; value: string }
  | { type: "remove"; photo: string; ref: MarkRef }
  | { type: "undo" };

/** The most undo steps kept. */
const HISTORY = 200;

export const marksOf = (state: MarksState, photo: string): PhotoMarks => state.photos[photo] ?? emptyMarks();

function change(marks: PhotoMarks, action: Exclude<MarksAction, { type: "undo" }>): PhotoMarks {
  switch (action.type) {
    case "add":
      if (marks[action.list].length >= LIST_LIMITS[action.list]) return marks;
      return { ...marks, [action.list]: [...marks[action.list], action.mark] };
    case "move":
    case "edit": {
      const { list, index } = action.ref;
      const items = [...marks[list]] as unknown[];
      const item = items[index];
      if (item === undefined) return marks;
      if (action.type === "edit") items[index] = { ...(item as object), ...action.patch };
      else
        items[index] =
          list === "stick" || list === "points" ? { ...(item as object), at: action.at } : action.at;
      return { ...marks, [list]: items };
    }
    case "field":
      return { ...marks, [action.field]: action.value };
    case "remove":
      return { ...marks, [action.ref.list]: marks[action.ref.list].filter((_, i) => i !== action.ref.index) };
  }
}

export function marksReducer(state: MarksState, action: MarksAction): MarksState {
  if (action.type === "undo") {
    const previous = state.past.at(-1);
    if (!previous) return state;
    return { photos: previous, past: state.past.slice(0, -1), lastKey: null };
  }
  const before = marksOf(state, action.photo);
  const after = change(before, action);
  if (after === before) return state;
  const key =
    action.type === "move" || action.type === "edit"
      ? `${action.photo}:${action.key}`
      : action.type === "field"
        ? `${action.photo}:${action.field}`
        : null;
  return coalesce(state, { ...state.photos, [action.photo]: after }, key);
}

function coalesce(state: MarksState, photos: Record<string, PhotoMarks>, key: string | null): MarksState {
  const repeat = key !== null && key === state.lastKey;
  return {
    photos,
    past: repeat ? state.past : [...state.past, state.photos].slice(-HISTORY),
    lastKey: key,
  };
}
