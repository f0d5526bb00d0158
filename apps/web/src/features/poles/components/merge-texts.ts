/** What the record's merge into a register pole says (loaded with the pole record). */
export const mergeTexts = {
  help: "This pole was made from photos. If it is a pole of the register, merge it: its photos, findings, visits and measurements go with it.",
  into: "Merge into",
  merge: "Merge",
  merging: "Merging…",
  failed: "The pole could not be merged. Please try again.",
} as const;
