/**
 * Privacy by default: faces are blurred in a photo before it is stored, and members blur by hand
 * what the detector missed. The workspace's switch, the manual blur's body and what an image tells.
 */
import { z } from "zod";

/** The privacy part of the workspace settings (GET/PUT /api/workspace/settings). */
export const privacySettingsSchema = z.object({
  /** Scan every upload for faces and blur them before it is stored (default on). */
  blurFaces: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** PUT /api/workspace/settings changes only the fields it names. */
export const privacySettingsUpdateSchema = privacySettingsSchema.partial().strict();
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;

/** The most rectangles one manual blur takes. */
export const MAX_BLUR_BOXES = 50;

/** A rectangle in pixels of the photo as displayed (after its EXIF orientation). */
export const blurBoxSchema = z.object({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type BlurBox = z.infer<typeof blurBoxSchema>;

/** POST /api/images/:id/blur. */
export const blurRequestSchema = z.object({
  boxes: z.array(blurBoxSchema).min(1).max(MAX_BLUR_BOXES),
});
export type BlurRequest = z.infer<typeof blurRequestSchema>;

/** What was blurred in the stored photo. */
export const imagePrivacySchema = z.object({
  /** Faces the detector found and blurred at upload. */
  faces: z.number().int(),
  /** Rectangles members blurred by hand since. */
  manualBoxes: z.number().int(),
  /** When the stored photo was last blurred (null: never; it is as uploaded). */
  blurredAt: z.string().nullable(),
});
export type ImagePrivacy = z.infer<typeof imagePrivacySchema>;
