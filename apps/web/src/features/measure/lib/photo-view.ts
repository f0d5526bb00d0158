/**
 * Where the photo sits in the measuring tool's frame: a scale (screen pixels per photo pixel) and
 * the screen offset of the photo's top-left corner. Marks live in the photo's own pixels as
 * displayed (EXIF orientation applied, origin top-left, sub-pixel), which is what the server reads;
 * the screen is only ever a view of them, so zooming and panning never move a mark.
 */
export type Pixel = readonly [number, number];
export interface Size {
  width: number;
  height: number;
}
export interface PhotoView {
  scale: number;
  x: number;
  y: number;
}

/** The closest view: four screen pixels on one photo pixel, enough to place a mark to a quarter pixel. */
export const MAX_SCALE = 4;
/** How far out one may zoom: the whole photo at half the frame's size. */
const MIN_FIT_SHARE = 0.5;

/** The whole photo in the frame, centred. */
export function fitView(photo: Size, frame: Size): PhotoView {
  const scale = Math.min(frame.width / photo.width, frame.height / photo.height);
  return { scale, x: (frame.width - photo.width * scale) / 2, y: (frame.height - photo.height * scale) / 2 };
}

/** A point of the frame (relative to its top-left) in the photo's pixels. */
export function toPhoto(view: PhotoView, [sx, sy]: Pixel): Pixel {
  return [(sx - view.x) / view.scale, (sy - view.y) / view.scale];
}

/** A photo pixel where it shows in the frame. */
export function toScreen(view: PhotoView, [px, py]: Pixel): Pixel {
  return [view.x + px * view.scale, view.y + py * view.scale];
}

/** Zoomed by `factor` about `anchor` (a frame point), which stays over the same photo pixel. */
export function zoomAt(view: PhotoView, factor: number, anchor: Pixel, photo: Size, frame: Size): PhotoView {
  const min = fitView(photo, frame).scale * MIN_FIT_SHARE;
  const scale = Math.min(MAX_SCALE, Math.max(min, view.scale * factor));
  const [px, py] = toPhoto(view, anchor);
  return { scale, x: anchor[0] - px * scale, y: anchor[1] - py * scale };
}

export function panBy(view: PhotoView, dx: number, dy: number): PhotoView {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** A mark kept on the photo: the server refuses one outside it. */
export function insidePhoto([x, y]: Pixel, photo: Size): Pixel {
  return [Math.min(photo.width, Math.max(0, x)), Math.min(photo.height, Math.max(0, y))];
}
