import { storageUsageSchema, type StorageUsage } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const storageKeys = { usage: ["storage", "usage"] as const };

export async function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  return apiClient.get("/api/storage/usage", storageUsageSchema, { signal });
}

export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: storageKeys.usage, queryFn: ({ signal }) => getStorageUsage(signal) });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
