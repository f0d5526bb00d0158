/** Image records for this feature's tests. */
import type { ImageRecord } from "@poleatlas/shared";

export function photo(overrides: Partial<ImageRecord> & { id: string }): ImageRecord {
  const latitude = overrides.latitude === undefined ? 52.520008 : overrides.latitude;
  const longitude = overrides.longitude === undefined ? 13.404954 : overrides.longitude;
  return {
    user_id: "u1",
    image_url: `/files/utility-poles/u1/${overrides.id}.jpg`,
    thumbnail_url: `/files/utility-poles/u1/${overrides.id}.thumb.webp`,
    name: `${overrides.id}.jpg`,
    date: "2024-05-01",
    created_at: "2024-05-01T10:00:00.000000Z",
    metadata: {
      latitude,
      longitude,
      timestamp: "2024-05-01T10:00:00.000Z",
      filename: `${overrides.id}.jpg`,
      fileSize: 1000,
      fileType: "image/jpeg",
      lastModified: null,
    },
    ...overrides,
    latitude,
    longitude,
  };
}
