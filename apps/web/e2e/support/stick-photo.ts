/**
 * A synthetic photo of a pole with a height stick against it, seen by a pinhole camera standing
 * back from the pole and tilted up: where each height along the pole's front lands in the photo is
 * computed, so a walkthrough can click the stick's graduations and an attachment and know the true
 * heights. Drawn as an SVG (ground, pole, stick with a tick per metre, a cable) over a sky.
 */
import { makeJpeg } from "./photo-fixtures";

export const STICK_PHOTO = { width: 900, height: 1200 } as const;
/** Camera: 15 m in front of the pole, lens 1.5 m above the ground, tilted up 12°, focal 1000 px. */
const DISTANCE_M = 15;
const LENS_HEIGHT_M = 1.5;
const TILT = (12 * Math.PI) / 180;
const FOCAL_PX = 1000;
/** The pole's front face, where the stick stands and the attachment is read. */
const FRONT_M = -0.16;

/** Where a point (metres: x across, y toward the far side, z up; the pole's foot at 0) lands. */
function project(x: number, y: number, z: number): [number, number] {
  const depth = y + DISTANCE_M;
  const rise = z - LENS_HEIGHT_M;
  const forward = depth * Math.cos(TILT) + rise * Math.sin(TILT);
  const up = -depth * Math.sin(TILT) + rise * Math.cos(TILT);
  return [
    STICK_PHOTO.width / 2 + (FOCAL_PX * x) / forward,
    STICK_PHOTO.height / 2 - (FOCAL_PX * up) / forward,
  ];
}

/** The pixel of a height on the pole's front line. */
export const atHeight = (metres: number) => project(0, FRONT_M, metres);

function scene(stickTopM: number, attachmentM: number): string {
  const quad = (x0: number, x1: number, z0: number, z1: number, y = FRONT_M) =>
    [project(x0, y, z0), project(x1, y, z0), project(x1, y, z1), project(x0, y, z1)]
      .map(([u, v]) => `${u.toFixed(2)},${v.toFixed(2)}`)
      .join(" ");
  const ticks = Array.from({ length: stickTopM + 1 }, (_, m) => {
    const [[u0, v], [u1]] = [project(-0.06, FRONT_M, m), project(0.06, FRONT_M, m)];
    return `<line x1="${u0}" y1="${v}" x2="${u1}" y2="${v}" stroke="#000" stroke-width="2"/>`;
  });
  const [, horizon] = project(0, 1e6, LENS_HEIGHT_M);
  const [[c0, cv], [c1]] = [project(-6, FRONT_M, attachmentM), project(6, FRONT_M, attachmentM)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${STICK_PHOTO.width}" height="${STICK_PHOTO.height}">
<rect x="0" y="${horizon}" width="${STICK_PHOTO.width}" height="${STICK_PHOTO.height}" fill="#6d7f5a"/>
<polygon points="${quad(-0.15, 0.15, 0, 12, 0)}" fill="#5b4636"/>
<polygon points="${quad(-0.04, 0.04, 0, stickTopM)}" fill="#f5d90a"/>
${ticks.join("\n")}
<line x1="${c0}" y1="${cv}" x2="${c1}" y2="${cv}" stroke="#111" stroke-width="3"/>
</svg>`;
}

/** The photo as a JPEG with a GPS position, so the upload places it on a pole there. */
export function makeStickPhoto(
  gps: { latitude: number; longitude: number },
  stickTopM: number,
  attachmentM: number,
) {
  return makeJpeg({
    ...STICK_PHOTO,
    gps,
    color: { r: 150, g: 190, b: 230 },
    svg: scene(stickTopM, attachmentM),
  });
}
