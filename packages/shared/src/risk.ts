/** A pole's risk levels: their own module, so the pole schemas and the marker columns share them. */
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type Risk = (typeof RISK_LEVELS)[number];
/** A pole's risk as the legend names it: "unrated" when none of its photos is rated. */
export type RiskKey = Risk | "unrated";
