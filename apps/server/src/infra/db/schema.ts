/**
 * The whole database schema. The auth tables follow better-auth's model names and fields
 * (its Drizzle adapter maps by these property names); SQL names are snake_case.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // better-auth's organization plugin: the team the session works in; null = personal.
    activeOrganizationId: text("active_organization_id"),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's organization plugin (drizzle/0007_workspaces.sql): a team and its members. */
export const organization = pgTable("organization", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  metadata: text("metadata"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const member = pgTable(
  "member",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_user_idx").on(t.userId)],
);

/**
 * The workspace each user last switched to (null: their personal one): a new sign-in opens there.
 * Ours, not better-auth's: a session's active team ends with the session.
 */
export const userLastWorkspace = pgTable("user_last_workspace", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").references(() => organization.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const invitation = pgTable(
  "invitation",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role"),
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("invitation_organization_idx").on(t.organizationId),
    index("invitation_email_idx").on(t.email),
  ],
);

/**
 * better-auth's API-key plugin (drizzle/0019): `key` is the SHA-256 of the key, never the key;
 * `reference_id` the user; `metadata` (JSON text) the workspace and scope the key acts in. The
 * rate-limit counters (request_count since last_request) and last use are the plugin's.
 */
export const apikey = pgTable(
  "apikey",
  {
    id: text("id").primaryKey(),
    configId: text("config_id").notNull().default("default"),
    name: text("name"),
    start: text("start"),
    referenceId: text("reference_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prefix: text("prefix"),
    key: text("key").notNull(),
    refillInterval: integer("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: timestamp("last_refill_at", { withTimezone: true }),
    enabled: boolean("enabled").default(true),
    rateLimitEnabled: boolean("rate_limit_enabled").default(true),
    rateLimitTimeWindow: integer("rate_limit_time_window"),
    rateLimitMax: integer("rate_limit_max"),
    requestCount: integer("request_count").default(0),
    remaining: integer("remaining"),
    lastRequest: timestamp("last_request", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ...timestamps,
    permissions: text("permissions"),
    metadata: text("metadata"),
  },
  (t) => [
    uniqueIndex("apikey_key_idx").on(t.key),
    index("apikey_reference_idx").on(t.referenceId),
    index("apikey_config_idx").on(t.configId),
  ],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Region keys are stored columns so GROUP BY and `?region=` use an index. The expression is
 * JavaScript's Math.round (ties towards +∞), not PostgreSQL's round() (ties away from zero):
 * x - floor(x) is exact for doubles, so the comparison with 0.5 matches Math.round bit for bit.
 */
const regionKey = (column: string) =>
  sql.raw(
    `(CASE WHEN ${column} * 10 - floor(${column} * 10) >= 0.5 THEN ceil(${column} * 10) ELSE floor(${column} * 10) END) / 10`,
  );

export const images = pgTable(
  "utility_pole_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The uploader (a member's share of a team's pool counts their photos there). */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The personal workspace (the uploader's id) or an organization's id (drizzle/0007). */
    workspaceId: text("workspace_id").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    thumbnailKey: text("thumbnail_key").notNull().unique(),
    name: text("name").notNull(),
    date: date("date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    regionLon: doublePrecision("region_lon").generatedAlwaysAs(regionKey("longitude")),
    regionLat: doublePrecision("region_lat").generatedAlwaysAs(regionKey("latitude")),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    metadata: jsonb("metadata").notNull(),
    // Poles and inspections (drizzle/0004_poles.sql).
    poleId: uuid("pole_id").references(() => poles.id, { onDelete: "set null" }),
    risk: text("risk"),
    notes: text("notes"),
    // The stored file's SHA-256, unique per owner (drizzle/0005_photo_sha256.sql).
    sha256: text("sha256"),
    // Optimistic concurrency (drizzle/0017_record_versions.sql): the ETag, and who changed it last.
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    // The capture instant and the camera's compass heading (drizzle/0020_tracks_time_heading.sql).
    takenAt: timestamp("taken_at", { withTimezone: true }),
    heading: doublePrecision("heading"),
    // What was blurred in the stored file (drizzle/0021_face_blur.sql).
    facesBlurred: integer("faces_blurred").notNull().default(0),
    manualBoxes: integer("manual_boxes").notNull().default(0),
    blurredAt: timestamp("blurred_at", { withTimezone: true }),
    // The file as uploaded where the stored one is a rendition of it (a HEIC's JPEG): what the
    // user downloads. Its bytes count in file_size too (drizzle/0044_photo_originals.sql).
    originalKey: text("original_key").unique(),
    originalMime: text("original_mime"),
    originalBytes: bigint("original_bytes", { mode: "number" }),
  },
  (t) => [
    check("images_heading_range", sql`${t.heading} >= 0 AND ${t.heading} < 360`),
    // An original is its key, type and size together, or none of them.
    check(
      "images_original_whole",
      sql`(${t.originalKey} IS NULL) = (${t.originalMime} IS NULL) AND (${t.originalKey} IS NULL) = (${t.originalBytes} IS NULL)`,
    ),
    // Both end in the full list order (date, created_at, id), so lists and a region's first
    // photo come straight from the index without sorting.
    index("images_workspace_date_idx").on(t.workspaceId, t.date, t.createdAt, t.id),
    index("images_workspace_region_idx").on(
      t.workspaceId,
      t.regionLon,
      t.regionLat,
      t.date,
      t.createdAt,
      t.id,
    ),
    index("images_user_idx").on(t.userId),
  ],
);

/**
 * A pole: the photos of one workspace within the spot radius of its position (the position of its
 * first photo). Assignment and the risk roll-up are SQL functions (drizzle/0004_poles.sql).
 */
export const poles = pgTable(
  "utility_poles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    label: text("label").notNull().default(""),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    regionLon: doublePrecision("region_lon").generatedAlwaysAs(regionKey("longitude")),
    regionLat: doublePrecision("region_lat").generatedAlwaysAs(regionKey("latitude")),
    risk: text("risk"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Its photos, kept by triggers on utility_pole_images (drizzle/0009). */
    photoCount: integer("photo_count").notNull().default(0),
    /** The utility's register (drizzle/0012): set by an import or PATCH /api/poles/:id. */
    tag: text("tag"),
    material: text("material"),
    heightM: doublePrecision("height_m"),
    class: text("class"),
    installedYear: integer("installed_year"),
    circuit: text("circuit"),
    /** 'import' poles stay when their last photo leaves; 'photo' poles go. */
    source: text("source").notNull().default("photo"),
    attributes: jsonb("attributes").notNull().default({}),
    // The label's ETag and who set it last (drizzle/0017_record_versions.sql).
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    // The inspection roll-up, kept by triggers on findings and photos (drizzle/0018).
    findingLevel: smallint("finding_level"),
    findingDueOn: date("finding_due_on", { mode: "string" }),
    lastPhotoOn: date("last_photo_on", { mode: "string" }),
    lastFindingOn: date("last_finding_on", { mode: "string" }),
    /** What the globe and the legend show: the worst open finding, else the quick rating. */
    condition: text("condition").generatedAlwaysAs(
      sql.raw("CASE finding_level WHEN 1 THEN 'high' WHEN 2 THEN 'medium' WHEN 3 THEN 'low' ELSE risk END"),
    ),
    // Kept by triggers on the visits and on the workspace's inspection types (drizzle/0027): the
    // last visit of any type, and the earliest day a type's cycle runs out (null: no visit).
    lastInspectedOn: date("last_inspected_on", { mode: "string" }),
    inspectionDueOn: date("inspection_due_on", { mode: "string" }),
    // The latest lean measured from its photos (drizzle/0033); null: never measured.
    leanDeg: doublePrecision("lean_deg"),
    leanTowardDeg: doublePrecision("lean_toward_deg"),
    leanApparent: boolean("lean_apparent"),
    leanMeasuredAt: timestamp("lean_measured_at", { withTimezone: true }),
    /** Where the position came from (drizzle/0032): gps, bearings, import or manual. */
    positionSource: text("position_source").notNull().default("gps"),
    // What the loading check reads of the pole itself (drizzle/0043); null: not measured, the
    // check then takes the documented default or names it as missing.
    settingDepthM: doublePrecision("setting_depth_m"),
    species: text("species"),
    groundlineCircumferenceM: doublePrecision("groundline_circumference_m"),
    topCircumferenceM: doublePrecision("top_circumference_m"),
  },
  (t) => [
    check("poles_position_source", sql`${t.positionSource} IN ('gps', 'bearings', 'import', 'manual')`),
    // A bbox reads only the box's poles (drizzle/0024): the longitude is tested in the index.
    index("poles_user_lat_lon_idx").on(t.workspaceId, t.latitude, t.longitude),
    // One pole per tag and workspace, whatever the case; also serves the prefix search by tag.
    uniqueIndex("poles_workspace_tag_idx")
      .on(t.workspaceId, sql`lower(${t.tag}) text_pattern_ops`)
      .where(sql`${t.tag} IS NOT NULL`),
    index("poles_finding_due_idx")
      .on(t.workspaceId, t.findingDueOn, t.regionLon, t.regionLat)
      .where(sql`finding_due_on IS NOT NULL`),
    // Also every search of a region's poles (drizzle/0026 dropped the one with the risk).
    index("poles_inspected_idx").on(t.workspaceId, t.regionLon, t.regionLat, t.inspectionDueOn),
    index("poles_inspection_due_idx").on(t.workspaceId, t.inspectionDueOn, t.regionLon, t.regionLat),
    // The work list by pole tag (the tag as it shows it: the label without one) and by circuit
    // (drizzle/0030): the first page walks the poles in order instead of sorting every finding.
    // Only poles with findings are in them (drizzle/0036): a register's million poles are mostly
    // without, and each index entry was a tenth of an imported row's cost.
    index("poles_work_tag_idx")
      .on(t.workspaceId, sql`coalesce(nullif(${t.tag}, ''), ${t.label})`, t.id)
      .where(sql`last_finding_on IS NOT NULL`),
    index("poles_work_circuit_idx")
      .on(t.workspaceId, sql`coalesce(${t.circuit}, '')`, t.id)
      .where(sql`last_finding_on IS NOT NULL`),
    // The work list's circuit filter, in any case and by prefix (drizzle/0042): "mission-1104"
    // finds "Mission-1104-B" as a range of this index, not a scan of the workspace's poles.
    index("poles_work_circuit_prefix_idx")
      .on(t.workspaceId, sql`lower(coalesce(${t.circuit}, '')) text_pattern_ops`)
      .where(sql`last_finding_on IS NOT NULL`),
  ],
);

/**
 * A finding of an inspection (drizzle/0018): a defect on a pole with its priority level and the
 * date to fix it by; resolving records what was done, when and by whom. Never deleted.
 */
export const findings = pgTable(
  "utility_pole_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    poleId: uuid("pole_id")
      .notNull()
      .references(() => poles.id),
    imageId: uuid("image_id").references(() => images.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    level: smallint("level").notNull(),
    notes: text("notes"),
    observedOn: date("observed_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull().default("open"),
    resolvedOn: date("resolved_on", { mode: "string" }),
    resolvedBy: text("resolved_by"),
    action: text("action"),
    repairImageId: uuid("repair_image_id").references(() => images.id, { onDelete: "set null" }),
    // The work on it (drizzle/0030). `status` stays open/resolved for the poles' roll-up and
    // decides: a resolved finding is at the step "resolved" whatever `work_status` says (a row
    // written in SQL may set only `status`); an open one is at its `work_status`.
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    workOrder: text("work_order"),
    workStatus: text("work_status").notNull().default("open"),
    /** The due date the rule gave before its first extension; null: never extended. */
    originalDueOn: date("original_due_on", { mode: "string" }),
    // The measurement that suggested it (drizzle/0035); a deleted measurement leaves the finding.
    measurementId: uuid("measurement_id").references(() => measurements.id, { onDelete: "set null" }),
    // Optimistic concurrency (drizzle/0041): the ETag a PATCH names in If-Match; every change adds one.
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check(
      "findings_work_status_check",
      sql`${t.workStatus} IN ('open', 'assigned', 'in-progress', 'resolved')`,
    ),
    index("findings_workspace_due_idx").on(t.workspaceId, t.dueOn, t.id),
    index("findings_assignee_due_idx").on(t.workspaceId, t.assigneeId, t.dueOn, t.id),
    index("findings_workspace_observed_idx").on(t.workspaceId, t.observedOn, t.id),
    index("findings_workspace_level_idx").on(t.workspaceId, t.level, t.dueOn, t.id),
    // Deleting a measurement finds the findings to unlink through it.
    index("findings_measurement_idx")
      .on(t.measurementId)
      .where(sql`measurement_id IS NOT NULL`),
    index("findings_open_due_idx")
      .on(t.workspaceId, t.dueOn, t.id)
      .where(sql`status = 'open'`),
    index("findings_pole_idx").on(t.poleId, t.observedOn, t.createdAt),
  ],
);

/**
 * Each extension of a finding's due date (drizzle/0030), with its reason: from_due_on is the date
 * it replaced, to_due_on the new one, extended_on the day (server's clock) it was granted. An
 * extension was granted before the date passed when extended_on <= from_due_on.
 */
export const findingExtensions = pgTable(
  "utility_pole_finding_extensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    findingId: uuid("finding_id")
      .notNull()
      .references(() => findings.id),
    fromDueOn: date("from_due_on", { mode: "string" }).notNull(),
    toDueOn: date("to_due_on", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    extendedBy: text("extended_by").references(() => user.id, { onDelete: "set null" }),
    extendedOn: date("extended_on", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("finding_extensions_later", sql`${t.toDueOn} > ${t.fromDueOn}`),
    index("finding_extensions_finding_idx").on(t.findingId, t.createdAt),
  ],
);

/** A workspace's inspection programme (drizzle/0018); none stored means the defaults. */
export const inspectionSettings = pgTable("workspace_inspection_settings", {
  workspaceId: text("workspace_id").primaryKey(),
  codes: jsonb("codes").notNull(),
  allowanceDays1: integer("allowance_days_1").notNull(),
  allowanceDays2: integer("allowance_days_2").notNull(),
  allowanceDays3: integer("allowance_days_3").notNull(),
  cycleYears: integer("cycle_years").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An inspection visit (drizzle/0027): a pole inspected on a day by one of the workspace's types.
 * Made in the app, by an import, or (before visits were recorded) from the pole's photo dates.
 */
export const visits = pgTable(
  "utility_pole_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    poleId: uuid("pole_id")
      .notNull()
      .references(() => poles.id),
    type: text("type").notNull(),
    inspectedOn: date("inspected_on", { mode: "string" }).notNull(),
    inspector: text("inspector"),
    result: text("result"),
    notes: text("notes"),
    findingIds: uuid("finding_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    imageIds: uuid("image_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    source: text("source").notNull().default("app"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("utility_pole_visits_result_check", sql`${t.result} IN ('no-defects', 'findings')`),
    check("utility_pole_visits_source_check", sql`${t.source} IN ('app', 'imported', 'photos')`),
    check("utility_pole_visits_result_known", sql`${t.result} IS NOT NULL OR ${t.source} <> 'app'`),
    index("visits_pole_type_idx").on(t.poleId, t.type, t.inspectedOn),
    index("visits_workspace_date_idx").on(t.workspaceId, t.inspectedOn, t.createdAt, t.id),
    index("visits_workspace_type_idx").on(t.workspaceId, t.type),
  ],
);

/** A workspace's inspection types and cycles (drizzle/0027); none stored means the defaults. */
export const inspectionTypes = pgTable("workspace_inspection_types", {
  workspaceId: text("workspace_id").primaryKey(),
  types: jsonb("types").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-workspace, per-region summaries of utility_pole_images, kept exact by statement-level triggers
 * (drizzle/0002_photo_summary_triggers.sql) whatever writes the photos table — the API, a bulk
 * SQL import or a cascade. GET /api/regions reads these instead of grouping up to a million rows.
 */
export const imageRegions = pgTable(
  "utility_pole_regions",
  {
    workspaceId: text("workspace_id").notNull(),
    regionLon: doublePrecision("region_lon").notNull(),
    regionLat: doublePrecision("region_lat").notNull(),
    photoCount: integer("photo_count").notNull(),
    minLon: doublePrecision("min_lon").notNull(),
    minLat: doublePrecision("min_lat").notNull(),
    maxLon: doublePrecision("max_lon").notNull(),
    maxLat: doublePrecision("max_lat").notNull(),
    // The region's first photo in list order: what 'Region N' numbering sorts by.
    firstDate: date("first_date", { mode: "string" }),
    firstCreatedAt: timestamp("first_created_at", { withTimezone: true }).notNull(),
    firstId: uuid("first_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.regionLon, t.regionLat] }),
    index("regions_user_first_idx").on(t.workspaceId, t.firstDate, t.firstCreatedAt, t.firstId),
  ],
);

/**
 * Each workspace's 'Region N' numbers: given by a trigger when a region's summary
 * row first appears, never given again.
 */
export const regionNumbers = pgTable(
  "utility_pole_region_numbers",
  {
    workspaceId: text("workspace_id").notNull(),
    regionLon: doublePrecision("region_lon").notNull(),
    regionLat: doublePrecision("region_lat").notNull(),
    number: integer("number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.regionLon, t.regionLat] }),
    unique().on(t.workspaceId, t.number),
  ],
);

/**
 * Per-uploader totals over every workspace (same triggers). Quotas no longer read it (they are per
 * workspace: utility_pole_workspace_usage); kept as the uploader's overall figure for operators.
 */
export const imageUsage = pgTable("utility_pole_usage", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  usedBytes: bigint("used_bytes", { mode: "number" }).notNull(),
  photoCount: bigint("photo_count", { mode: "number" }).notNull(),
});

/**
 * A workspace's quota where an instance administrator set one (drizzle/0010): a user's id for their
 * personal workspace (default STORAGE_QUOTA_BYTES), an organization's id for a team's pool
 * (default TEAM_QUOTA_BYTES). No row: the default.
 */
export const workspaceQuotas = pgTable("workspace_quotas", {
  workspaceId: text("workspace_id").primaryKey(),
  quotaBytes: bigint("quota_bytes", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A member's cap inside their team's pool, set by the team's owners and admins; goes with the membership. */
export const teamMemberCaps = pgTable(
  "team_member_caps",
  {
    organizationId: text("organization_id").notNull(),
    userId: text("user_id").notNull(),
    capBytes: bigint("cap_bytes", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

/**
 * Bytes per workspace and uploader (drizzle/0010, same kind of triggers): a workspace's usage is
 * the sum of its rows, a member's share in a team is one row. What quotas and caps count.
 */
export const workspaceUsage = pgTable(
  "utility_pole_workspace_usage",
  {
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull(),
    photoCount: bigint("photo_count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** Per-workspace, per-region counts of poles by risk, kept by triggers on utility_poles (drizzle/0006, 0023, 0036). */
export const poleRegionRisk = pgTable(
  "utility_pole_region_risk",
  {
    workspaceId: text("workspace_id").notNull(),
    regionLon: doublePrecision("region_lon").notNull(),
    regionLat: doublePrecision("region_lat").notNull(),
    high: integer("high").notNull(),
    medium: integer("medium").notNull(),
    low: integer("low").notNull(),
    unrated: integer("unrated").notNull(),
    /** Of them, the poles a register import wrote or updated (source 'import'; drizzle/0036). */
    imported: integer("imported").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.regionLon, t.regionLat] })],
);

/**
 * Per-workspace, per-region counts of poles by the year and the month of a date (drizzle/0025):
 * `due`, the pole's earliest open fix-by date; `inspected`, the day its inspection falls due
 * ('infinity' when it has no visit: drizzle/0027). Kept by triggers on utility_poles; the regions list sums the rows before a threshold.
 */
export const poleRegionDates = pgTable(
  "utility_pole_region_dates",
  {
    workspaceId: text("workspace_id").notNull(),
    kind: text("kind").notNull(),
    span: text("span").notNull(),
    starts: date("starts", { mode: "string" }).notNull(),
    regionLon: doublePrecision("region_lon").notNull(),
    regionLat: doublePrecision("region_lat").notNull(),
    poles: integer("poles").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.kind, t.span, t.starts, t.regionLon, t.regionLat] }),
    check("utility_pole_region_dates_kind_check", sql`${t.kind} IN ('due', 'inspected')`),
    check("utility_pole_region_dates_span_check", sql`${t.span} IN ('year', 'month')`),
  ],
);

/**
 * Changes a workspace's open screens hear of (drizzle/0015): the id is the live stream's event id,
 * shared by every server process; the change itself goes out by NOTIFY when it commits.
 */
export const workspaceEvents = pgTable(
  "workspace_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    type: text("type").notNull(),
    actorId: text("actor_id").notNull(),
    imageIds: text("image_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    poleIds: text("pole_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    memberId: text("member_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workspace_events_workspace_idx").on(t.workspaceId, t.id),
    index("workspace_events_created_idx").on(t.createdAt),
  ],
);

/**
 * GPS tracks a workspace's photos without coordinates are placed with (drizzle/0020): the points
 * as [ms since 1970, latitude, longitude], in time order, one per instant.
 */
export const tracks = pgTable(
  "tracks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    /** Who uploaded it; the track goes with their account, like their photos. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    pointCount: integer("point_count").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    points: jsonb("points").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tracks_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** A workspace's settings (drizzle/0021); no row: every default. */
export const workspaceSettings = pgTable("workspace_settings", {
  /** A user's id (personal workspace) or an organization's id. */
  workspaceId: text("workspace_id").primaryKey(),
  blurFaces: boolean("blur_faces").notNull().default(true),
  // Measuring (drizzle/0033); null: the documented default.
  clearanceRules: jsonb("clearance_rules"),
  leanThresholdDeg: doublePrecision("lean_threshold_deg"),
  lengthUnits: text("length_units"),
  // The stated errors a pole's location from bearings is judged by (drizzle/0032).
  locateGpsErrorM: doublePrecision("locate_gps_error_m").notNull().default(4),
  locateCompassErrorDeg: doublePrecision("locate_compass_error_deg").notNull().default(5),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Heights measured on a photo of a pole (drizzle/0033): the marks as placed, the heights read and
 * the findings they suggested when measured. Gone with the photo or the pole.
 */
export const measurements = pgTable(
  "utility_pole_measurements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    poleId: uuid("pole_id")
      .notNull()
      .references(() => poles.id, { onDelete: "cascade" }),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reference: jsonb("reference").notNull(),
    verticals: jsonb("verticals"),
    points: jsonb("points").notNull(),
    suggestions: jsonb("suggestions").notNull(),
  },
  (t) => [
    index("measurements_pole_idx").on(t.poleId, t.createdAt),
    index("measurements_image_idx").on(t.imageId),
  ],
);

/**
 * Resumable uploads (drizzle/0022): an open one holds its length against the workspace's quota;
 * a finished one keeps what GET /api/uploads/:id answers.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: uuid("id").primaryKey(),
    /** A user's id (personal workspace) or an organization's id. */
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    length: bigint("length", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    imageId: uuid("image_id").references(() => images.id, { onDelete: "set null" }),
    duplicate: boolean("duplicate").notNull().default(false),
    errorStatus: integer("error_status"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
  },
  (t) => [
    index("resumable_uploads_open_idx")
      .on(t.workspaceId, t.userId)
      .where(sql`${t.finishedAt} IS NULL`),
  ],
);

/**
 * Each user's e-mail alerts in a workspace (drizzle/0034): a kind is on until turned off, so a
 * missing row means all on. `digest_sent_on` is the day the daily digest last went out: claiming
 * it in one statement lets several server processes run the digest and mail each person once.
 */
export const notificationPreferences = pgTable(
  "user_notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** A user's id (personal workspace) or an organization's id. */
    workspaceId: text("workspace_id").notNull(),
    level1: boolean("level1").notNull().default(true),
    assignment: boolean("assignment").notNull().default(true),
    digest: boolean("digest").notNull().default(true),
    digestSentOn: date("digest_sent_on", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] })],
);

/**
 * What hangs on a pole (drizzle/0043): wires with their spans, guys, equipment. The loading check
 * reads them; `version` is the ETag a PATCH names in If-Match, as a pole's own fields have it.
 */
export const poleAttachments = pgTable(
  "pole_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id").notNull(),
    poleId: uuid("pole_id")
      .notNull()
      .references(() => poles.id),
    owner: text("owner"),
    kind: text("kind").notNull(),
    heightM: doublePrecision("height_m"),
    measurementId: uuid("measurement_id").references(() => measurements.id, { onDelete: "set null" }),
    diameterMm: doublePrecision("diameter_mm"),
    tensionKn: doublePrecision("tension_kn"),
    /** Each span: `{to_pole_id}` (another pole of the workspace) or `{bearing_deg, length_m}`. */
    spans: jsonb("spans").notNull().default([]),
    anchorDistanceM: doublePrecision("anchor_distance_m"),
    bearingDeg: doublePrecision("bearing_deg"),
    ratedKn: doublePrecision("rated_kn"),
    weightKg: doublePrecision("weight_kg"),
    areaM2: doublePrecision("area_m2"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "pole_attachments_kind",
      sql`${t.kind} IN ('primary', 'secondary', 'neutral', 'communication', 'streetlight', 'transformer', 'riser', 'crossarm', 'guy')`,
    ),
    index("pole_attachments_pole_idx").on(t.poleId, t.createdAt),
  ],
);
