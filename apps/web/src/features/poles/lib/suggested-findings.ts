/**
 * Which suggestions were already added as findings, so the record offers each once. A
 * measurement's suggestion is added when a finding links to that measurement with its code (each
 * finding answers for one suggestion: two cables too low are two findings, the one whose notes
 * still say the suggestion's reason first). A lean has no measurement of its own: an open finding
 * with the lean's code already covers it.
 */
import type { Finding, Suggestion } from "@poleatlas/shared";

type Linked = Pick<Finding, "id" | "code" | "notes" | "measurement_id">;

export function addedSuggestions(
  suggestions: readonly Suggestion[],
  findings: readonly Linked[],
  measurementId: string,
): boolean[] {
  const mine = findings.filter((f) => f.measurement_id === measurementId);
  const claimed = new Set<string>();
  const claim = (f: Linked | undefined) => (f ? (claimed.add(f.id), true) : false);
  const free = (s: Suggestion) => mine.filter((f) => !claimed.has(f.id) && f.code === s.code);
  // Exact reasons first, so an edited note never steals another suggestion's finding.
  const exact = suggestions.map((s) => claim(free(s).find((f) => f.notes === s.reason)));
  return suggestions.map((s, i) => exact[i]! || claim(free(s)[0]));
}

export function leanFindingAdded(
  suggestion: Suggestion,
  findings: readonly Pick<Finding, "code" | "status">[],
): boolean {
  return findings.some((f) => f.code === suggestion.code && f.status !== "resolved");
}
