/** The SQL of a manual blur: the photo's row moves to its new files and counts the rectangles. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../infra/db/database";
import { COLUMNS, type ImageRow } from "../photos/images.repository";

export interface BlurredFiles {
  storageKey: string;
  thumbnailKey: string;
  fileSize: number;
  boxes: number;
}

/**
 * Points the row at the blurred files, only if it still points at `fromKey` (another blur or a
 * deletion in between wins: null). The original it kept (a HEIC) still shows the faces: the row
 * forgets it, and its size is the blurred file's alone. The usage triggers re-count the new size.
 */
export async function replaceFiles(
  tx: Executor,
  workspaceId: string,
  id: string,
  fromKey: string,
  to: BlurredFiles,
): Promise<ImageRow | null> {
  const res = await tx.execute(
    sql`UPDATE utility_pole_images
          SET storage_key = ${to.storageKey}, thumbnail_key = ${to.thumbnailKey}, file_size = ${to.fileSize},
              metadata = jsonb_set(metadata, '{fileSize}', to_jsonb(${to.fileSize}::bigint)),
              manual_boxes = manual_boxes + ${to.boxes}::int, blurred_at = now(),
              original_key = NULL, original_mime = NULL, original_bytes = NULL
        WHERE id = ${id}::uuid AND workspace_id = ${workspaceId} AND storage_key = ${fromKey}
        RETURNING ${COLUMNS}`,
  );
  return (res.rows[0] as ImageRow | undefined) ?? null;
}
