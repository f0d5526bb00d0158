/** API record factories for unit and component tests. */
import {
  INSPECTION_CODES,
  RISK_CODES,
  type Finding,
  type ImageRecord,
  type InspectionKey,
  type PoleMarkers,
  type PoleRecord,
  type RegionSummary,
  type RiskKey,
} from "@poleatlas/shared";

export function region(overrides: Partial<RegionSummary> & { id: string }): RegionSummary {
  const [lon = 0, lat = 0] = overrides.id.split(",").map(Number);
  return {
    name: "Region 1",
    longitude: lon,
    latitude: lat,
    count: 1,
    bounds: { minLon: lon, minLat: lat, maxLon: lon, maxLat: lat },
    risk: { high: 0, medium: 0, low: 0, unrated: 1 },
    overdue: 0,
    inspectionDue: { due: 0, overdue: 0, never: 0 },
    ...overrides,
  };
}

/** A photo in Berlin unless told otherwise; `latitude: null` makes one without a position. */
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
    // The server puts photos at one spot into one pole.
    pole_id: latitude === null || longitude === null ? null : `pole-${longitude},${latitude}`,
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
    ...overrides,
    latitude,
    longitude,
  };
}

/** A pole in the compact form's columns, by its fields (see poleMarkersOf). */
export interface PoleFields {
  id: string;
  latitude?: number;
  longitude?: number;
  risk?: RiskKey;
  count?: number;
  label?: string;
  tag?: string;
  overdue?: boolean;
  inspection?: InspectionKey;
}

/** GET /api/poles?region= as the server answers it: column by column, set labels only. */
export function poleMarkersOf(poles: readonly PoleFields[]): PoleMarkers {
  const labels: Record<string, string> = {};
  for (const p of poles) if (p.label) labels[p.id] = p.label;
  return {
    ids: poles.map((p) => p.id),
    latitudes: poles.map((p) => p.latitude ?? 52.520008),
    longitudes: poles.map((p) => p.longitude ?? 13.404954),
    risks: poles.map((p) => RISK_CODES.indexOf(p.risk ?? "unrated")),
    counts: poles.map((p) => p.count ?? 1),
    labels,
    // Columns a test names only: an answer without them is an older server's.
    ...(poles.some((p) => p.tag !== undefined) && { tags: poles.map((p) => p.tag ?? "") }),
    ...(poles.some((p) => p.overdue !== undefined) && { overdue: poles.map((p) => (p.overdue ? 1 : 0)) }),
    ...(poles.some((p) => p.inspection !== undefined) && {
      inspections: poles.map((p) => INSPECTION_CODES.indexOf(p.inspection ?? "current")),
    }),
  };
}

/** A pole as GET /api/poles/:id and PATCH /api/poles/:id answer it. */
export function poleSummary(overrides: Partial<PoleRecord> & { id: string }): PoleRecord {
  return {
    label: "",
    tag: null,
    material: null,
    height_m: null,
    class: null,
    installed_year: null,
    circuit: null,
    source: "photo",
    attributes: {},
    position_source: "gps",
    latitude: 52.520008,
    longitude: 13.404954,
    photo_count: 1,
    first_date: null,
    last_date: null,
    risk: null,
    version: 1,
    updated_at: null,
    updated_by: null,
    ...overrides,
  };
}

/** A finding as GET /api/findings answers it: an open Level 1 on pole-1, nobody on it yet. */
export function finding(overrides: Partial<Finding> & { id: string }): Finding {
  const due = overrides.due_on ?? "2026-01-08";
  return {
    pole_id: "pole-1",
    pole_tag: "LIV-1",
    pole_circuit: null,
    pole_last_visit: null,
    latitude: 52.5,
    longitude: 13.4,
    region_id: "13.4,52.5",
    image_id: null,
    code: "lean",
    level: 1,
    notes: null,
    observed_on: "2026-01-01",
    due_on: due,
    original_due_on: due,
    extensions: [],
    status: "open",
    overdue: false,
    created_by: "u1",
    created_by_email: "a@b.test",
    resolved_on: null,
    resolved_by: null,
    action: null,
    repair_image_id: null,
    measurement_id: null,
    assignee_id: null,
    assignee_email: null,
    work_order: null,
    version: 1,
    ...overrides,
  };
}
