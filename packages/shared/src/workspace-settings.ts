/**
 * GET/PUT /api/workspace/settings: one object for the workspace's inspection programme, its
 * privacy switch, its measuring rules and the stated errors a pole's location from bearings is
 * judged by. PUT names only the fields it changes (unknown fields are refused) and answers
 * the whole object.
 */
import type { z } from "zod";
import { inspectionSettingsSchema, inspectionSettingsUpdateSchema } from "./inspections";
import { measureSettingsSchema, measureSettingsUpdateSchema } from "./measurements";
import { locateSettingsSchema, locateSettingsUpdateSchema } from "./locate";
import { privacySettingsSchema, privacySettingsUpdateSchema } from "./privacy";

export const workspaceSettingsSchema = inspectionSettingsSchema
  .extend(privacySettingsSchema.shape)
  .extend(measureSettingsSchema.shape)
  .extend(locateSettingsSchema.shape);
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const workspaceSettingsUpdateSchema = inspectionSettingsUpdateSchema
  .extend(privacySettingsUpdateSchema.shape)
  .extend(measureSettingsUpdateSchema.shape)
  .extend(locateSettingsUpdateSchema.shape)
  .strict();
export type WorkspaceSettingsUpdate = z.infer<typeof workspaceSettingsUpdateSchema>;
