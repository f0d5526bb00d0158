/**
 * GET /api/workspace/settings: the code list the 'Add finding' form offers, and the names of the
 * workspace's inspection types.
 */
import { inspectionSettingsSchema, type InspectionSettings } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiClient } from "../../../lib/api-client";

/** `enabled` false: not asked yet (a closed dialog that would use it). */
export function useInspectionSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ["inspection-settings"],
    queryFn: ({ signal }): Promise<InspectionSettings> =>
      apiClient.get("/api/workspace/settings", inspectionSettingsSchema, { signal }),
    staleTime: 60_000,
  });
}

/** The workspace's inspection types' names by code ("detailed" → "Detailed"), to name a visit's type. */
export function useInspectionTypeNames(): ReadonlyMap<string, string> {
  const types = useInspectionSettings().data?.inspectionTypes;
  return useMemo(() => new Map((types ?? []).map((t) => [t.code, t.name])), [types]);
}
