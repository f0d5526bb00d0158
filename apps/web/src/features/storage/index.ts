export { storageKeys, storageUsageQueryOptions, useStorageUsage } from "./api/get-usage";
export { StorageCard, StorageUsageCard, type StorageCardProps } from "./components/storage-card";
export { usageColor, type UsageColor } from "./lib/usage-color";
