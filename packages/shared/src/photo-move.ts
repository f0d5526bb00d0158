/**
 * POST /api/images/move: several photos of the workspace go to one pole in one step (the pole
 * record's "Move photos", the unplaced-photos dialog). All or nothing: an id that is not the
 * workspace's photo is a 404 and no photo moves.
 */
import { z } from "zod";
import { imageRecordSchema } from "./schemas";

/**
 * Photos one move names at most: a pole's photos of years of visits, with room to spare. Each is
 * its own UPDATE and audit entry in the one transaction (the triggers keep counts per statement).
 */
export const MAX_MOVED_PHOTOS = 200;

/** What the move's refusals and the web's dialog say. */
export const photoMoveTexts = {
  noPhotos: "Choose at least one photo to move.",
  tooMany: (max: number) => `At most ${max} photos can be moved at once: move them in several steps.`,
} as const;

export const photoMoveBodySchema = z
  .object({
    /** The photos to move; an id named twice is moved once. */
    image_ids: z
      .array(z.guid())
      .min(1, { message: photoMoveTexts.noPhotos })
      .max(MAX_MOVED_PHOTOS, { message: photoMoveTexts.tooMany(MAX_MOVED_PHOTOS) }),
    /** The pole they go to: a pole of the same workspace. */
    pole_id: z.guid(),
  })
  .strict();
export type PhotoMoveBody = z.infer<typeof photoMoveBodySchema>;

export const photoMoveResponseSchema = z.object({
  pole_id: z.string(),
  /** Every named photo as it is now (those already on the pole unchanged), in the order named. */
  images: z.array(imageRecordSchema),
  /** How many photos changed pole. */
  moved: z.number().int(),
  /** Photo-made poles the move left empty, which went with it. */
  removed_poles: z.array(z.string()),
});
export type PhotoMoveResponse = z.infer<typeof photoMoveResponseSchema>;
