/** GET/PUT /api/me/notifications: the signed-in user's own e-mail alerts in this tab's workspace. */
import {
  notificationPreferencesAnswerSchema,
  type NotificationPreferencesAnswer,
  type NotificationPreferencesUpdate,
} from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

const URL = "/api/me/notifications";
/** Keyed by workspace: switching fetches the other's. */
const alertsKey = (workspaceId: string | undefined) => ["notifications", workspaceId ?? ""] as const;

export function useNotificationPreferences(workspaceId: string | undefined) {
  return useQuery({
    queryKey: alertsKey(workspaceId),
    queryFn: ({ signal }) => apiClient.get(URL, notificationPreferencesAnswerSchema, { signal }),
    enabled: workspaceId !== undefined,
  });
}

/** Changes one kind or more; the answer, the whole set, replaces the cached one. */
export function useUpdateNotificationPreferences(workspaceId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationPreferencesUpdate) =>
      apiClient.put(URL, change, notificationPreferencesAnswerSchema),
    onSuccess: (answer: NotificationPreferencesAnswer) => client.setQueryData(alertsKey(workspaceId), answer),
  });
}
