import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { privacySettingsSchema, type PrivacySettings, type PrivacySettingsUpdate } from "@poleatlas/shared";
import { apiClient } from "../../../lib/api-client";

const settingsKey = (teamId: string) => ["workspace-settings", teamId] as const;

/** The active workspace's settings (keyed by team, so switching fetches the other's). */
export function useWorkspaceSettings(teamId: string) {
  return useQuery({
    queryKey: settingsKey(teamId),
    queryFn: ({ signal }) => apiClient.get("/api/workspace/settings", privacySettingsSchema, { signal }),
  });
}

/** Changes some settings; the answer is the whole object, which replaces the cached one. */
export function useUpdateWorkspaceSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PrivacySettingsUpdate) =>
      apiClient.put("/api/workspace/settings", change, privacySettingsSchema),
    onSuccess: (settings: PrivacySettings) => queryClient.setQueryData(settingsKey(teamId), settings),
  });
}
