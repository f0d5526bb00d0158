/** What the map screen asks for before any pole, as a stand-in server answers it in its tests. */
import type { RegionSummary } from "@poleatlas/shared";

const ok = (body: unknown) => () => ({ status: 200, body });

/** Signed in as u1, the given regions, an empty quota, no photo lists. */
export function mapScreenRoutes(regions: RegionSummary[]) {
  return {
    "GET /api/auth/get-session": ok({ user: { id: "u1", email: "a@b.test" } }),
    "GET /api/regions": ok({ regions }),
    "GET /api/storage/usage": ok({ usedBytes: 0, quotaBytes: 52428800 }),
    "GET /api/images": ok({ images: [], nextCursor: null }),
  };
}
