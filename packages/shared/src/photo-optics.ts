/** What a photo tells of its lens: where a mark in it points (see locate.ts). */
import { z } from "zod";

/**
 * What the server keeps of a photo's lens at upload (the photo's metadata `optics`): its size as
 * displayed (after the EXIF orientation) and the focal length in the forms EXIF gives it.
 */
export const photoOpticsSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** FocalLengthIn35mmFormat, mm. */
  focalLength35mm: z.number().positive().nullable(),
  /** FocalLength, mm. */
  focalLengthMm: z.number().positive().nullable(),
  /** The sensor's width along the photo's long side, mm (from FocalPlaneXResolution). */
  sensorWidthMm: z.number().positive().nullable(),
});
export type PhotoOptics = z.infer<typeof photoOpticsSchema>;
