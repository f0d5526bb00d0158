/**
 * GET /api/images/:id answers `{ image }`, the shape POST /api/images already answers. Kept here
 * until packages/shared names the single-image answer; then import that instead (one line).
 */
import { imageCreatedSchema } from "@poleatlas/shared";

export const imageAnswerSchema = imageCreatedSchema;
