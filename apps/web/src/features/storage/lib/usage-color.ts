import { USAGE_ERROR_PERCENT, USAGE_WARNING_PERCENT } from "@poleatlas/shared";

export type UsageColor = "primary" | "warning" | "error";

/** Spec §9: primary up to 70 %, warning above 70 %, error above 90 %. */
export function usageColor(percent: number): UsageColor {
  if (percent > USAGE_ERROR_PERCENT) return "error";
  if (percent > USAGE_WARNING_PERCENT) return "warning";
  return "primary";
}
