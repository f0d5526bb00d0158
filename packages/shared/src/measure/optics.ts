/**
 * A photo's focal length in pixels of the photo as displayed: from the 35 mm equivalent
 * (f_px = W × F35 / 36, W the displayed width, after the EXIF orientation, 36 mm the width of a
 * 35 mm frame), else from the focal length and the sensor's width (f_px = W × F / sensor width).
 */
export interface Optics {
  /** Displayed width, pixels (the longer or shorter side, as the photo stands). */
  width: number;
  focalLength35mm?: number | null;
  focalLengthMm?: number | null;
  sensorWidthMm?: number | null;
}

export const FULL_FRAME_WIDTH_MM = 36;

export function focalLengthPx(o: Optics): number | null {
  if (!(o.width > 0)) return null;
  if (o.focalLength35mm && o.focalLength35mm > 0) return (o.width * o.focalLength35mm) / FULL_FRAME_WIDTH_MM;
  if (o.focalLengthMm && o.focalLengthMm > 0 && o.sensorWidthMm && o.sensorWidthMm > 0) {
    return (o.width * o.focalLengthMm) / o.sensorWidthMm;
  }
  return null;
}
