/** Camera-sized JPEGs for measurements: Gaussian noise keeps them as large as real photos. */
import sharp from "sharp";

export interface NoisyJpegOptions {
  width: number;
  height: number;
  sigma: number;
  quality: number;
  dateTimeOriginal: string;
  /** EXIF rationals, e.g. "45/1 30/1 0/1". */
  latitude: string;
  longitude: string;
}

export function noisyJpeg(o: NoisyJpegOptions): Promise<Buffer> {
  return sharp({
    create: {
      width: o.width,
      height: o.height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: o.sigma },
    },
  })
    .jpeg({ quality: o.quality })
    .withExif({
      IFD0: { Make: "PoleAtlas bench" },
      IFD2: { DateTimeOriginal: o.dateTimeOriginal },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: o.latitude, GPSLongitudeRef: "W", GPSLongitude: o.longitude },
    })
    .toBuffer();
}
