/** What the server answers for a stored photo, for the upload tests. */
import type { ImageRecord } from "@poleatlas/shared";

let nextImage = 0;
/** A record as the server returns it for a stored upload. */
export function imageRecord(name: string): ImageRecord {
  nextImage += 1;
  return {
    id: `img-${nextImage}`,
    user_id: "user-1",
    image_url: `/files/utility-poles/user-1/${nextImage}.jpg`,
    thumbnail_url: `/files/utility-poles/user-1/${nextImage}.thumb.webp`,
    name,
    date: "2024-05-01",
    created_at: "2024-05-02T10:00:00.000Z",
    latitude: 52.520008,
    longitude: 13.404954,
    pole_id: "pole-1",
    risk: null,
    notes: null,
    sha256: null,
    uploaded_by: null,
    rated_by: null,
    version: 1,
    updated_at: null,
    updated_by: null,
    taken_at: null,
    local_time: null,
    heading: null,
    metadata: {
      latitude: 52.520008,
      longitude: 13.404954,
      timestamp: "2024-05-01T10:22:33",
      filename: name,
      fileSize: 1000,
      fileType: "image/jpeg",
      lastModified: 1714557753000,
    },
  };
}
