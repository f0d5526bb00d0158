/**
 * Finding poles from anywhere on the map: the search box asks the server, which looks through
 * every pole of the active workspace, not only those of the region on screen.
 */
import { z } from "zod";

/** Most suggestions one search answers: a list to pick from while typing, not a report. */
export const POLE_SEARCH_MAX = 20;
export const POLE_SEARCH_DEFAULT = 8;

/** GET /api/poles/search?q=&limit= */
export const poleSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(POLE_SEARCH_MAX).default(POLE_SEARCH_DEFAULT),
});
export type PoleSearchQuery = z.infer<typeof poleSearchQuerySchema>;

/** One pole found, with what it takes to fly there and open it (its region's id). */
export const poleSearchHitSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The utility's tag, where an import or an edit set one. */
  tag: z.string().nullable().optional(),
  latitude: z.number(),
  longitude: z.number(),
  region_id: z.string(),
  photo_count: z.number().int(),
});
export type PoleSearchHit = z.infer<typeof poleSearchHitSchema>;

/** Best first: a label equal to the query, then starting with it, then containing it. */
export const poleSearchResponseSchema = z.object({ poles: z.array(poleSearchHitSchema) });
export type PoleSearchResponse = z.infer<typeof poleSearchResponseSchema>;

/** How a found pole is named: its tag, with its label when it has both ('P-1 (by the school)'). */
export const poleName = (p: { tag?: string | null; label: string }) =>
  p.tag ? (p.label ? `${p.tag} (${p.label})` : p.tag) : p.label;

export const searchTexts = {
  /** A place name needs an outside geocoder, which needs the internet. */
  placeNeedsInternet: (query: string) => `“${query}”: searching places needs an internet connection`,
  nothingFound: (query: string) => `Nothing found for “${query}”`,
  poleHit: (label: string, regionName: string | undefined) =>
    regionName ? `${label} · pole in ${regionName}` : `${label} · pole`,
} as const;
