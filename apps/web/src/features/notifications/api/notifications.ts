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

/**
 * Changes one kind or more. The switch shows the change at once and stays usable while it is
 * sent (a disabled switch would drop the keyboard's focus); the changes go one after another,
 * and each answer, the whole set, replaces the cached one. A refused change puts back what was.
 */
export function useUpdateNotificationPreferences(workspaceId: string | undefined) {
  const client = useQueryClient();
  const key = alertsKey(workspaceId);
  return useMutation({
    scope: { id: key.join(":") },
    mutationFn: (change: NotificationPreferencesUpdate) =>
      apiClient.put(URL, change, notificationPreferencesAnswerSchema),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<NotificationPreferencesAnswer>(
        key,
        (shown) => shown && { ...shown, preferences: { ...shown.preferences, ...change } },
      );
    },
    onSuccess: (answer: NotificationPreferencesAnswer) => client.setQueryData(key, answer),
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}
