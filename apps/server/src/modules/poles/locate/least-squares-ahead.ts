/**
 * The rays' least-squares meeting point kept in front of every camera. The plain fit minimises the
 * weighted squared distances across the rays' lines, and a line runs behind its camera too: with
 * noisy GPS and compass the lines of rays from one side of a street can cross behind a camera
 * although the pole stands in front of all of them. The pole is then where the same sum is least
 * among the points at least MIN_DEPTH_M ahead of each camera: a convex quadratic over an
 * intersection of half-planes, whose least point (in two dimensions) is the plain minimum, the
 * least point on one half-plane's edge or a corner where two edges cross. Every such candidate is
 * tried and the least one in front of all cameras kept (an active-set search, exhaustive since
 * there are at most a few dozen rays).
 */

/** How far in front of a camera the pole must stand: nobody photographs a pole from nearer. */
export const MIN_DEPTH_M = 1;
const FEASIBLE_SLACK_M = 1e-9;

export interface Point {
  east: number;
  north: number;
}

/** Σ w (a·p − b)² as its normal matrix [ee, en, nn] and right-hand side [e, n]. */
export interface Normal {
  matrix: [number, number, number];
  rhs: [number, number];
}

/** A camera's half-plane: its viewing direction (unit) and position; the pole must be ahead. */
export interface Ahead {
  direction: Point;
  from: Point;
}

/** The sum's value at p, less its constant term (the same for every p, so it orders them alike). */
function value({ matrix: [ee, en, nn], rhs: [be, bn] }: Normal, p: Point): number {
  return ee * p.east ** 2 + 2 * en * p.east * p.north + nn * p.north ** 2 - 2 * (be * p.east + bn * p.north);
}

const depth = (c: Ahead, p: Point) =>
  c.direction.east * (p.east - c.from.east) + c.direction.north * (p.north - c.from.north);
const edgeDepth = (c: Ahead) =>
  c.direction.east * c.from.east + c.direction.north * c.from.north + MIN_DEPTH_M;

/** The least point of the sum on one camera's edge (the line MIN_DEPTH_M ahead of it). */
function onEdge(n: Normal, c: Ahead): Point | null {
  const [ee, en, nn] = n.matrix;
  const h = edgeDepth(c);
  const q = { east: c.direction.east * h, north: c.direction.north * h };
  const u = { east: -c.direction.north, north: c.direction.east };
  const nu = { east: ee * u.east + en * u.north, north: en * u.east + nn * u.north };
  const curvature = u.east * nu.east + u.north * nu.north;
  if (!(curvature > 0)) return null;
  const slope = n.rhs[0] * u.east + n.rhs[1] * u.north - (q.east * nu.east + q.north * nu.north);
  const t = slope / curvature;
  return { east: q.east + t * u.east, north: q.north + t * u.north };
}

/** Where two cameras' edges cross, or null when they are parallel. */
function corner(a: Ahead, b: Ahead): Point | null {
  const det = a.direction.east * b.direction.north - a.direction.north * b.direction.east;
  if (Math.abs(det) < 1e-9) return null;
  const ha = edgeDepth(a);
  const hb = edgeDepth(b);
  return {
    east: (ha * b.direction.north - hb * a.direction.north) / det,
    north: (a.direction.east * hb - b.direction.east * ha) / det,
  };
}

/**
 * The least point of the sum in front of every camera, starting from its plain minimum; null when
 * no point stands in front of them all (cameras turned away from each other).
 */
export function leastAhead(n: Normal, plain: Point, cameras: readonly Ahead[]): Point | null {
  const inFront = (p: Point) => cameras.every((c) => depth(c, p) >= MIN_DEPTH_M - FEASIBLE_SLACK_M);
  if (inFront(plain)) return plain;
  const candidates: Point[] = [];
  cameras.forEach((a, i) => {
    const edge = onEdge(n, a);
    if (edge) candidates.push(edge);
    for (const b of cameras.slice(i + 1)) {
      const p = corner(a, b);
      if (p) candidates.push(p);
    }
  });
  let best: { p: Point; v: number } | null = null;
  for (const p of candidates) {
    if (!inFront(p)) continue;
    const v = value(n, p);
    if (!best || v < best.v) best = { p, v };
  }
  return best?.p ?? null;
}
