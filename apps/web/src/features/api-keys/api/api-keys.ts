/** The signed-in user's API keys: list, create (the answer holds the key, once), revoke. */
import { API_KEYS_PATH, apiKeyCreatedSchema, apiKeyListSchema, type ApiKeyCreate } from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

const keysKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => apiClient.get(API_KEYS_PATH, apiKeyListSchema, { signal }),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => apiClient.post(API_KEYS_PATH, body, apiKeyCreatedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`${API_KEYS_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
  });
}
