/** Query keys of the poles feature; invalidate `poleKeys.all` after anything that moves or rates photos. */
export const poleKeys = {
  all: ["poles"] as const,
  region: (regionId: string) => ["poles", { region: regionId }] as const,
  one: (id: string) => ["poles", "one", id] as const,
};
