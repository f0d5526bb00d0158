/**
 * Synthetic photos whose truth is known: a pinhole camera in a local east-north-up frame (metres)
 * turned to a compass bearing and tilted up, and a seeded random source, for the measuring tests.
 */
export type Vec3 = readonly [number, number, number];

export interface Camera {
  position: Vec3;
  /** Compass direction of the optical axis, degrees from north. */
  bearingDeg: number;
  /** Upward tilt of the optical axis, degrees. */
  tiltDeg: number;
  focalPx: number;
  width: number;
  height: number;
}

export const PHONE_FOCAL_35MM = 26;

const rad = (d: number) => (d * Math.PI) / 180;
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The pixel (origin top-left, y down) where a world point lands; throws when it is behind the camera. */
export function project(camera: Camera, point: Vec3): [number, number] {
  const b = rad(camera.bearingDeg);
  const t = rad(camera.tiltDeg);
  const forward: Vec3 = [Math.sin(b) * Math.cos(t), Math.cos(b) * Math.cos(t), Math.sin(t)];
  const right: Vec3 = [Math.cos(b), -Math.sin(b), 0];
  const down: Vec3 = [Math.sin(b) * Math.sin(t), Math.cos(b) * Math.sin(t), -Math.cos(t)];
  const rel: Vec3 = [
    point[0] - camera.position[0],
    point[1] - camera.position[1],
    point[2] - camera.position[2],
  ];
  const z = dot(rel, forward);
  if (z <= 0.1) throw new Error("point behind the camera");
  return [
    camera.width / 2 + (camera.focalPx * dot(rel, right)) / z,
    camera.height / 2 + (camera.focalPx * dot(rel, down)) / z,
  ];
}

/** A camera `distance` metres from `target` on `bearingDeg` (as seen from the target, the camera looks back). */
export function cameraLookingAt(
  target: Vec3,
  opts: { distance: number; bearingDeg: number; tiltDeg: number; eyeHeight?: number; width?: number },
): Camera {
  const b = rad(opts.bearingDeg);
  const width = opts.width ?? 4000;
  return {
    position: [
      target[0] - opts.distance * Math.sin(b),
      target[1] - opts.distance * Math.cos(b),
      opts.eyeHeight ?? 1.5,
    ],
    bearingDeg: opts.bearingDeg,
    tiltDeg: opts.tiltDeg,
    // A phone's main camera: 26 mm equivalent (FocalLengthIn35mmFormat), a 4:3 photo.
    focalPx: (width * PHONE_FOCAL_35MM) / 36,
    width,
    height: (width * 3) / 4,
  };
}

/** mulberry32: small, seedable, good enough to explore inputs reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
