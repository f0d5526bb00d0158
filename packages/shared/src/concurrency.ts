/**
 * Working on one record together: optimistic concurrency with HTTP's own ETag / If-Match, and the
 * workspace each request of the web app names for itself (so two tabs keep their own).
 */
import { z } from "zod";
import { poleRecordSchema } from "./poles";
import { imageRecordSchema } from "./schemas";

/**
 * Names the workspace a request works in (the user's own id or a team's id); checked against
 * membership on every request. Without it the session's active workspace is used.
 */
export const WORKSPACE_HEADER = "x-workspace-id";

/** A record's ETag: its version, a strong tag (`"7"`). */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The version an If-Match asks for: null when there is no precondition (no header, or `*`);
 * -1 for anything that can match no version (a weak or malformed tag, a list of several), so the
 * write is refused with 412 rather than done blind.
 */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined) return null;
  const tag = header.trim();
  if (tag === "*") return null;
  const m = /^"(\d{1,9})"$/.exec(tag);
  return m ? Number(m[1]) : -1;
}

/** PATCH /api/images/:id and /api/poles/:id: an optional If-Match (one strong tag or `*`). */
export const ifMatchHeadersSchema = z.object({ "if-match": z.string().max(100).optional() });

/** 412 on PATCH /api/images/:id: the photo as it is now. */
export const imageConflictSchema = z.object({
  code: z.literal("edit_conflict"),
  message: z.string(),
  image: imageRecordSchema,
});
export type ImageConflict = z.infer<typeof imageConflictSchema>;

/** 412 on PATCH /api/poles/:id: the pole as it is now. */
export const poleConflictSchema = z.object({
  code: z.literal("edit_conflict"),
  message: z.string(),
  pole: poleRecordSchema,
});
export type PoleConflict = z.infer<typeof poleConflictSchema>;

/** The workspace a photo lives in, for a link opened in another (GET /api/images/:id/workspace). */
export const photoWorkspaceSchema = z.object({
  workspace: z.object({ id: z.string(), kind: z.enum(["personal", "team"]), name: z.string() }),
});
export type PhotoWorkspace = z.infer<typeof photoWorkspaceSchema>;
