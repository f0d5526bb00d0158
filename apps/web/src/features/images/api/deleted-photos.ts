import type { QueryClient } from "@tanstack/react-query";
import { imageKeys } from "./get-images";

/**
 * Photos this screen saw deleted (its own delete, or a teammate's told live), per query client.
 * Between the deletion and the screen moving on, a view may still name the photo in the URL and
 * look it up again: the answer could only be a 404, so it is never asked for.
 */
const deletedBy = new WeakMap<QueryClient, Set<string>>();

export function forgetDeletedPhoto(queryClient: QueryClient, id: string): void {
  let deleted = deletedBy.get(queryClient);
  if (!deleted) deletedBy.set(queryClient, (deleted = new Set()));
  deleted.add(id);
  queryClient.removeQueries({ queryKey: imageKeys.one(id), exact: true });
}

export function wasDeleted(queryClient: QueryClient, id: string): boolean {
  return deletedBy.get(queryClient)?.has(id) ?? false;
}
