/**
 * The geometry of a locate, free of I/O: a mark's bearing from the photo's lens, and the rays'
 * weighted least-squares meeting point in a local east/north plane (metres) around the pole, kept
 * in front of every camera (least-squares-ahead.ts).
 *
 * Each ray's error across it is the camera's GPS error plus the compass error times the range, so
 * far rays count less; the covariance of the solution gives the 90 % radius, which grows as rays
 * turn parallel. A ray far beyond the others (a photo of another pole) is left out, judged against
 * the fit made without it, so the bad ray cannot pull the fit towards itself first.
 */
import { LOCATE_DISTANCE_ERROR_SHARE, type PhotoOptics } from "@poleatlas/shared";
import { leastAhead, type Ahead, type Point } from "./least-squares-ahead";

/** The mean Earth radius, as utility_pole_distance (functions.sql) uses it. */
const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;
/** The 35 mm frame's diagonal: FocalLengthIn35mmFormat is the focal length on this frame. */
const FRAME_35MM_DIAGONAL_MM = Math.hypot(36, 24);
/** A left-out ray's distance from the others' fit, in its standard deviations. */
export const OUTLIER_SIGMAS = 3;
/** Rays meeting at under ~1° cannot fix a point: the normal matrix's eigenvalue ratio for that. */
const MIN_EIGEN_RATIO = (1 - Math.cos(RAD)) / 2;

export type { Point };

export const toLocal = (origin: { latitude: number; longitude: number }) => ({
  point: (latitude: number, longitude: number): Point => ({
    east: (longitude - origin.longitude) * RAD * EARTH_RADIUS_M * Math.cos(origin.latitude * RAD),
    north: (latitude - origin.latitude) * RAD * EARTH_RADIUS_M,
  }),
  place: (p: Point) => ({
    latitude: origin.latitude + p.north / (RAD * EARTH_RADIUS_M),
    longitude: origin.longitude + p.east / (RAD * EARTH_RADIUS_M * Math.cos(origin.latitude * RAD)),
  }),
});

/**
 * The focal length in pixels of the photo as displayed: from the 35 mm equivalent over the image's
 * diagonal (W × F35 / 36 for a 3:2 landscape photo, and right for 4:3 phones and portrait photos
 * too), else from the focal length over the sensor's long side. Null when neither is known.
 */
export function focalPixels(o: PhotoOptics): number | null {
  if (o.focalLength35mm) return (Math.hypot(o.width, o.height) * o.focalLength35mm) / FRAME_35MM_DIAGONAL_MM;
  if (o.focalLengthMm && o.sensorWidthMm)
    return (Math.max(o.width, o.height) * o.focalLengthMm) / o.sensorWidthMm;
  return null;
}

/** The ray's bearing: the camera's, turned by the mark's angle off the photo's centre. */
export function markBearing(headingDeg: number, x: number, width: number, focalPx: number): number {
  const turned = headingDeg + Math.atan((x - width / 2) / focalPx) / RAD;
  return ((turned % 360) + 360) % 360;
}

export interface Ray {
  id: string;
  /** The camera, in the local plane. */
  from: Point;
  bearingDeg: number;
  /** The measured distance to the pole along the ray, metres. */
  distanceM?: number;
}

export interface StatedErrors {
  /** GPS, one standard deviation per axis, metres. */
  gpsM: number;
  compassDeg: number;
}

export interface Fit {
  at: Point;
  /** 90 % radius, metres. */
  uncertaintyM: number;
  rays: { id: string; residualM: number; used: boolean; ahead: boolean }[];
  /** The rays left out as far beyond the others. */
  leftOut: string[];
}

/**
 * Why no point fits: too few rays, rays too near parallel, or no point in front of every camera
 * that the rays pass within OUTLIER_SIGMAS of (rays turned away from each other).
 */
export type FitFailure = "too_few" | "parallel" | "behind";

const direction = (r: Ray) => ({ east: Math.sin(r.bearingDeg * RAD), north: Math.cos(r.bearingDeg * RAD) });

/** How far the point lies from the ray (a half-line: behind the camera, the distance to it). */
function offRay(r: Ray, p: Point): { residual: number; along: number } {
  const d = direction(r);
  const e = p.east - r.from.east;
  const n = p.north - r.from.north;
  const along = e * d.east + n * d.north;
  const across = e * d.north - n * d.east;
  return { residual: along >= 0 ? Math.abs(across) : Math.hypot(e, n), along };
}

/** One observation: a · p = b with its variance. */
interface Row {
  a: [number, number];
  b: number;
  variance: number;
}

function rows(rays: Ray[], near: Point | null, errors: StatedErrors): Row[] {
  const out: Row[] = [];
  for (const r of rays) {
    const d = direction(r);
    const range = r.distanceM ?? (near ? Math.max(1, offRay(r, near).along) : 10);
    const across: [number, number] = [d.north, -d.east];
    const gps = errors.gpsM ** 2;
    out.push({
      a: across,
      b: across[0] * r.from.east + across[1] * r.from.north,
      variance: gps + (range * errors.compassDeg * RAD) ** 2,
    });
    if (r.distanceM !== undefined) {
      out.push({
        a: [d.east, d.north],
        b: d.east * r.from.east + d.north * r.from.north + r.distanceM,
        variance: gps + (r.distanceM * LOCATE_DISTANCE_ERROR_SHARE) ** 2,
      });
    }
  }
  return out;
}

interface Solution {
  at: Point;
  /** The covariance [ee, en, nn]. */
  cov: [number, number, number];
  /** Whether keeping the point in front of the cameras moved it from the plain fit. */
  held: boolean;
}

const ahead = (rays: Ray[]): Ahead[] => rays.map((r) => ({ direction: direction(r), from: r.from }));

function solve(obs: Row[], cameras: Ahead[]): Solution | FitFailure {
  let nee = 0;
  let nen = 0;
  let nnn = 0;
  let be = 0;
  let bn = 0;
  for (const o of obs) {
    const w = 1 / o.variance;
    nee += w * o.a[0] * o.a[0];
    nen += w * o.a[0] * o.a[1];
    nnn += w * o.a[1] * o.a[1];
    be += w * o.a[0] * o.b;
    bn += w * o.a[1] * o.b;
  }
  const [small, large] = eigen(nee, nen, nnn);
  if (!(large > 0) || small / large < MIN_EIGEN_RATIO) return "parallel";
  const det = nee * nnn - nen * nen;
  const cov: [number, number, number] = [nnn / det, -nen / det, nee / det];
  const plain = { east: cov[0] * be + cov[1] * bn, north: cov[1] * be + cov[2] * bn };
  const at = leastAhead({ matrix: [nee, nen, nnn], rhs: [be, bn] }, plain, cameras);
  if (!at) return "behind";
  return { at, cov, held: at !== plain };
}

/** The eigenvalues of a symmetric 2×2 matrix, smaller first. */
function eigen(a: number, b: number, c: number): [number, number] {
  const mean = (a + c) / 2;
  const spread = Math.hypot((a - c) / 2, b);
  return [mean - spread, mean + spread];
}

/** The weighted fit: unweighted first, then weighted by each ray's range from the last fit. */
function fitOnce(rays: Ray[], errors: StatedErrors): Solution | FitFailure {
  const determined = rays.length >= 2 || rays.some((r) => r.distanceM !== undefined);
  if (!determined) return "too_few";
  const cameras = ahead(rays);
  let s = solve(rows(rays, null, errors), cameras);
  for (let i = 0; i < 4 && typeof s !== "string"; i++) s = solve(rows(rays, s.at, errors), cameras);
  return s;
}

/** A ray's standard deviation across it at a point, with the fit's own uncertainty there. */
function spread(r: Ray, s: Solution, errors: StatedErrors): number {
  const d = direction(r);
  const range = Math.max(1, offRay(r, s.at).along);
  const [ee, en, nn] = s.cov;
  const a = [d.north, -d.east] as const;
  const fitVariance = a[0] * a[0] * ee + 2 * a[0] * a[1] * en + a[1] * a[1] * nn;
  return Math.sqrt(errors.gpsM ** 2 + (range * errors.compassDeg * RAD) ** 2 + fitVariance);
}

/**
 * The rays' meeting point. While three or more rays are in, the one farthest (in its standard
 * deviations) from the fit of the others is left out when it is over OUTLIER_SIGMAS; with three,
 * only when also twice as far as the next, since two rays always meet and cannot outvote a third.
 */
export function fitRays(all: Ray[], errors: StatedErrors): Fit | FitFailure {
  let used = [...all];
  const leftOut: string[] = [];
  while (used.length >= 3) {
    const scores = used.map((r) => {
      const others = fitOnce(
        used.filter((o) => o !== r),
        errors,
      );
      return typeof others === "string" ? 0 : offRay(r, others.at).residual / spread(r, others, errors);
    });
    const worst = scores.indexOf(Math.max(...scores));
    const next = Math.max(0, ...scores.filter((_, i) => i !== worst));
    const score = scores[worst] ?? 0;
    if (score <= OUTLIER_SIGMAS || (used.length === 3 && score < 2 * next)) break;
    leftOut.push(used[worst]!.id);
    used = used.filter((_, i) => i !== worst);
  }
  const s = fitOnce(used, errors);
  if (typeof s === "string") return s;
  // Held in front of the cameras, the point must still be one the rays pass near.
  if (s.held && used.some((r) => offRay(r, s.at).residual > OUTLIER_SIGMAS * spread(r, s, errors))) {
    return "behind";
  }
  return {
    at: s.at,
    uncertaintyM: radius90(s.cov),
    rays: all.map((r) => {
      const { residual, along } = offRay(r, s.at);
      return { id: r.id, residualM: residual, used: used.includes(r), ahead: along > 0 };
    }),
    leftOut,
  };
}

/**
 * The circle around the estimate that holds 90 % of its normal distribution (not the ellipse's
 * axis, which would hold more): P(r) = E over the long axis of P(short axis within the chord),
 * integrated numerically, then bisected for P = 0.9.
 */
export function radius90(cov: [number, number, number]): number {
  const [low, high] = eigen(cov[0], cov[1], cov[2]);
  const s1 = Math.sqrt(Math.max(high, 1e-12));
  const s2 = Math.sqrt(Math.max(low, 1e-12));
  const steps = 400;
  const probability = (r: number) => {
    const limit = r / s1;
    let sum = 0;
    for (let i = 0; i < steps; i++) {
      const z = -limit + ((i + 0.5) / steps) * 2 * limit;
      const chord = Math.sqrt(Math.max(0, r * r - (s1 * z) ** 2)) / s2;
      sum += Math.exp((-z * z) / 2) * erf(chord / Math.SQRT2);
    }
    return (sum * (2 * limit)) / steps / Math.sqrt(2 * Math.PI);
  };
  let lo = 0;
  let hi = 3 * s1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (probability(mid) < 0.9) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The error function (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const y = 1 - poly * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
