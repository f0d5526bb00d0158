import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  measureSettingsSchema,
  privacySettingsSchema,
  type WorkspaceSettingsUpdate,
} from "@poleatlas/shared";
import type { z } from "zod";
import { apiClient } from "../../../lib/api-client";

/** The parts of the settings this page shows: the privacy switch and the measuring rules. */
const adminSettingsSchema = privacySettingsSchema.extend(measureSettingsSchema.shape);
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

const settingsKey = (teamId: string) => ["workspace-settings", teamId] as const;
/** What the measuring screens read of the settings: they follow a change made here. */
const MEASURE_SETTINGS_KEY = ["measure-settings"] as const;

/** The active workspace's settings (keyed by team, so switching fetches the other's). */
export function useWorkspaceSettings(teamId: string) {
  return useQuery({
    queryKey: settingsKey(teamId),
    queryFn: ({ signal }) => apiClient.get("/api/workspace/settings", adminSettingsSchema, { signal }),
  });
}

/** Changes some settings; the answer is the whole object, which replaces the cached one. */
export function useUpdateWorkspaceSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: WorkspaceSettingsUpdate) =>
      apiClient.put("/api/workspace/settings", change, adminSettingsSchema),
    onSuccess: async (settings: AdminSettings) => {
      queryClient.setQueryData(settingsKey(teamId), settings);
      await queryClient.invalidateQueries({ queryKey: MEASURE_SETTINGS_KEY });
    },
  });
}
