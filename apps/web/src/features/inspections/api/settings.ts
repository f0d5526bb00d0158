/** GET /api/workspace/settings: the code list the 'Add finding' form offers. */
import { inspectionSettingsSchema, type InspectionSettings } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
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
