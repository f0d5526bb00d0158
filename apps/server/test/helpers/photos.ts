/** Photos made on the spot for tests: Gaussian noise keeps a JPEG large and full of detail. */
import sharp from "sharp";

export function noisyJpeg(o: { width: number; height: number; sigma: number; quality?: number }) {
  return sharp({
    create: {
      width: o.width,
      height: o.height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: o.sigma },
    },
  })
    .jpeg({ quality: o.quality ?? 80 })
    .toBuffer();
}
