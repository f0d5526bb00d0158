import { photoWorkspaceSchema, type PhotoWorkspace } from "@poleatlas/shared";
import { apiClient } from "../../../lib/api-client";

/**
 * GET /api/images/:id/workspace: where a linked photo lives, when the user works there (a 404
 * otherwise, the same as for a photo that does not exist).
 */
export async function getPhotoWorkspace(id: string, signal?: AbortSignal): Promise<PhotoWorkspace> {
  const url = `/api/images/${encodeURIComponent(id)}/workspace`;
  return apiClient.get(url, photoWorkspaceSchema, { signal });
}
