/**
 * The pole's line in the photo: the straight line the stick's marks lie on (a straight 3-D line
 * stays straight through a pinhole), fitted by total least squares so a wobbly click to the side
 * of the stick moves a mark along the line as little as possible. Everything measured is read as
 * its position along that line.
 */
export type Pixel = readonly [number, number];

export interface PoleLine {
  /** A point on the line (the marks' centroid). */
  origin: Pixel;
  /** Unit direction, pointing up the photo (towards smaller y). */
  direction: Pixel;
}

/** The line through the points (at least two distinct), or null when they coincide. */
export function fitPoleLine(points: readonly Pixel[]): PoleLine | null {
  const n = points.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (const [x, y] of points) {
    mx += x / n;
    my += y / n;
  }
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (sxx + syy < 1e-12) return null;
  // The principal axis of the scatter: the eigenvector of the larger eigenvalue.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let dx = Math.cos(angle);
  let dy = Math.sin(angle);
  if (dy > 0 || (dy === 0 && dx < 0)) {
    dx = -dx;
    dy = -dy;
  }
  return { origin: [mx, my], direction: [dx, dy] };
}

/** The point's position along the line, in pixels from its origin (up the photo positive). */
export function alongLine(line: PoleLine, [x, y]: Pixel): number {
  return (x - line.origin[0]) * line.direction[0] + (y - line.origin[1]) * line.direction[1];
}

/** Where two lines (each through two points) cross; null when they are parallel. */
export function intersect(a: readonly [Pixel, Pixel], b: readonly [Pixel, Pixel]): Pixel | null {
  const [[x1, y1], [x2, y2]] = a;
  const [[x3, y3], [x4, y4]] = b;
  const d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
  const scale = Math.hypot(x1 - x2, y1 - y2) * Math.hypot(x3 - x4, y3 - y4);
  if (scale === 0 || Math.abs(d) < 1e-9 * scale) return null;
  const p = x1 * y2 - y1 * x2;
  const q = x3 * y4 - y3 * x4;
  return [(p * (x3 - x4) - (x1 - x2) * q) / d, (p * (y3 - y4) - (y1 - y2) * q) / d];
}
