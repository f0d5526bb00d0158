// Draws the app icons (apps/web/public/icons/*.png) with sharp from one SVG: a pole with its
// cross-arm on the app's dark background. Run `node apps/web/scripts/make-icons.mjs` after
// changing the drawing; the PNGs are committed so a build needs no image tools.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "../public/icons");
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#121212"/>
  <circle cx="256" cy="256" r="200" fill="none" stroke="#4fc3f7" stroke-width="24"/>
  <rect x="240" y="120" width="32" height="290" rx="8" fill="#ffd54f"/>
  <rect x="150" y="150" width="212" height="26" rx="8" fill="#ffd54f"/>
  <circle cx="170" cy="140" r="14" fill="#4fc3f7"/>
  <circle cx="342" cy="140" r="14" fill="#4fc3f7"/>
</svg>`;

mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
