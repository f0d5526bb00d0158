import { storageUsageSchema, type StorageUsage } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const storageKeys = { usage: ["storage", "usage"] as const };

export async function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  const res = await fetch("/api/storage/usage", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    signal,
  });
  if (!res.ok) throw new Error(`GET /api/storage/usage answered ${res.status}`);
  return storageUsageSchema.parse(await res.json());
}

export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: storageKeys.usage, queryFn: ({ signal }) => getStorageUsage(signal) });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
