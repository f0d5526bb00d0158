/** Query keys of the poles feature; invalidate `poleKeys.all` after anything that moves or rates photos. */
export const poleKeys = {
  all: ["poles"] as const,
  region: (regionId: string) => ["poles", { region: regionId }] as const,
  one: (id: string) => ["poles", "one", id] as const,
  // Not under `one`: every query under ["poles", "one"] is a pole's timeline (pole-cache.ts).
  mergeCandidates: (id: string) => ["poles", "merge-candidates", id] as const,
};
