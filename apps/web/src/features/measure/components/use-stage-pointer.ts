/**
 * The photo frame's pointer gestures. A mouse or pen drags the photo to pan and clicks to place a
 * mark; one finger places (or drags) a mark with the loupe showing where it lands, two fingers
 * pinch to zoom and pan. Pressing on a mark drags that mark instead. A mark goes to the photo
 * pixel under the pointer, read from the photo's box on screen at that moment (never rounded): a
 * mouse click's where it was pressed, a finger's where it lifts (the loupe shows that spot). Taking
 * the focus never scrolls the frame, so the photo does not move under a click.
 */
import { useRef, useState, type PointerEvent } from "react";
import type { MarkRef } from "../lib/marks";
import { panBy, toPhoto, toScreen, zoomAt, type PhotoView, type Pixel, type Size } from "../lib/photo-view";

/** A press that moves less than this (screen pixels) is a click, not a pan. */
const CLICK_SLOP = 4;
/** How close to a mark a press picks it up: a finger is less precise than a mouse. */
const HIT_MOUSE = 10;
const HIT_TOUCH = 22;

type Gesture =
  | { kind: "pending"; start: Pixel; last: Pixel; touch: boolean; pressed: Pixel }
  | { kind: "pan"; last: Pixel }
  | { kind: "drag"; ref: MarkRef; key: string; touch: boolean }
  | { kind: "pinch"; distance: number; mid: Pixel };

export interface StagePointerDeps {
  view: PhotoView;
  setView: (view: PhotoView) => void;
  photo: Size | null;
  frame: () => Size;
  marks: readonly { ref: MarkRef; at: Pixel }[];
  onPlace: (at: Pixel) => void;
  onMove: (ref: MarkRef, at: Pixel, key: string) => void;
  onSelect: (ref: MarkRef | null) => void;
  /** The photo pixel under a point of the screen, from the photo's box as shown now. */
  photoAt: (clientX: number, clientY: number) => Pixel | null;
}

let drags = 0;

export function useStagePointer(deps: StagePointerDeps) {
  const pointers = useRef(new Map<number, Pixel>());
  const gesture = useRef<Gesture | null>(null);
  /** The finger's position while it places or drags a mark: where the loupe shows. */
  const [finger, setFinger] = useState<Pixel | null>(null);
  const local = (e: PointerEvent<HTMLElement>): Pixel => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const pixelAt = (e: PointerEvent<HTMLElement>): Pixel =>
    deps.photoAt(e.clientX, e.clientY) ?? toPhoto(deps.view, local(e));
  const pinchOf = (): Gesture => {
    const [a, b] = [...pointers.current.values()] as [Pixel, Pixel];
    return {
      kind: "pinch",
      distance: Math.hypot(a[0] - b[0], a[1] - b[1]),
      mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
    };
  };
  const hit = (at: Pixel, touch: boolean) => {
    const radius = touch ? HIT_TOUCH : HIT_MOUSE;
    let best: { ref: MarkRef; d: number } | null = null;
    for (const mark of deps.marks) {
      const [x, y] = toScreen(deps.view, mark.at);
      const d = Math.hypot(x - at[0], y - at[1]);
      if (d <= radius && (!best || d < best.d)) best = { ref: mark.ref, d };
    }
    return best?.ref ?? null;
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (!deps.photo || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
    const at = local(e);
    pointers.current.set(e.pointerId, at);
    const touch = e.pointerType === "touch";
    if (pointers.current.size === 2) {
      gesture.current = pinchOf();
      setFinger(null);
      return;
    }
    const ref = hit(at, touch);
    if (ref) {
      deps.onSelect(ref);
      gesture.current = { kind: "drag", ref, key: `drag-${++drags}`, touch };
    } else {
      gesture.current = { kind: "pending", start: at, last: at, touch, pressed: pixelAt(e) };
    }
    if (touch) setFinger(at);
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const at = local(e);
    pointers.current.set(e.pointerId, at);
    const g = gesture.current;
    if (!g || !deps.photo) return;
    if (g.kind === "pinch" && pointers.current.size === 2) {
      const next = pinchOf() as Extract<Gesture, { kind: "pinch" }>;
      const moved = panBy(deps.view, next.mid[0] - g.mid[0], next.mid[1] - g.mid[1]);
      const factor = g.distance > 0 ? next.distance / g.distance : 1;
      deps.setView(zoomAt(moved, factor, next.mid, deps.photo, deps.frame()));
      gesture.current = next;
    } else if (g.kind === "drag") {
      deps.onMove(g.ref, pixelAt(e), g.key);
      if (g.touch) setFinger(at);
    } else if (g.kind === "pending" && g.touch) {
      g.last = at;
      setFinger(at);
    } else if (g.kind === "pending" && Math.hypot(at[0] - g.start[0], at[1] - g.start[1]) > CLICK_SLOP) {
      deps.setView(panBy(deps.view, at[0] - g.last[0], at[1] - g.last[1]));
      gesture.current = { kind: "pan", last: at };
    } else if (g.kind === "pan") {
      deps.setView(panBy(deps.view, at[0] - g.last[0], at[1] - g.last[1]));
      gesture.current = { kind: "pan", last: at };
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    // A lifted finger of a pinch ends it; the other finger does not place a mark.
    if (g?.kind === "pending") deps.onPlace(g.touch ? pixelAt(e) : g.pressed);
    if (pointers.current.size === 0 || g?.kind !== "pinch") gesture.current = null;
    setFinger(null);
  };

  const onPointerCancel = (e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    gesture.current = null;
    setFinger(null);
  };

  return { finger, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}
