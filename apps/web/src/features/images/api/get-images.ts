export const imageKeys = {
  /** Every image query; invalidate this after uploads and deletions. */
  all: ["images"] as const,
  one: (id: string) => ["images", "one", id] as const,
};
