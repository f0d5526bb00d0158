/**
 * Inspection visits: the record that a pole was inspected, on a day, by a type of inspection the
 * workspace keeps a cycle for. A pole's inspection state is the worst over the types it has visits
 * of, each from its last visit of that type. The contract of /api/poles/:id/inspections and
 * /api/inspections, and of the settings' `inspectionTypes`.
 */
import { z } from "zod";
import { isCalendarDay } from "./format";
import { MAX_NOTES_LENGTH } from "./poles";

export const MAX_INSPECTION_TYPES = 20;
export const VISITS_PAGE_LIMIT = 100;
export const MAX_VISITS_PAGE_LIMIT = 500;
/** The longest inspector's name a visit keeps (the route's and the history import's limit). */
export const MAX_INSPECTOR_LENGTH = 120;
/** Findings or photos one visit may name. */
export const MAX_VISIT_LINKS = 100;

/**
 * The types a workspace starts with: the inspections and cycles of California's CPUC General
 * Order 165 for overhead distribution (patrol as in rural areas; detailed; intrusive for wood
 * poles over 15 years old), a common baseline utilities adapt.
 */
export const DEFAULT_INSPECTION_TYPES = [
  { code: "patrol", name: "Patrol", cycleYears: 2 },
  { code: "detailed", name: "Detailed", cycleYears: 5 },
  { code: "intrusive", name: "Intrusive", cycleYears: 10 },
] as const;

export const VISIT_RESULTS = ["no-defects", "findings"] as const;
export const visitResultSchema = z.enum(VISIT_RESULTS);
export type VisitResult = z.infer<typeof visitResultSchema>;
/** app: recorded here; imported: from a register or history file; photos: from photo dates. */
export const VISIT_SOURCES = ["app", "imported", "photos"] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

const typeCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "A type code is lower-case letters, digits and dashes");
const day = z.string().refine(isCalendarDay, "A date is YYYY-MM-DD");

export const inspectionTypeSchema = z.object({
  code: typeCodeSchema,
  name: z.string().trim().min(1).max(60),
  cycleYears: z.number().int().min(1).max(100),
});
export type InspectionType = z.infer<typeof inspectionTypeSchema>;
export const inspectionTypesSchema = z
  .array(inspectionTypeSchema)
  .min(1)
  .max(MAX_INSPECTION_TYPES)
  .refine((types) => new Set(types.map((t) => t.code)).size === types.length, "Each type code once");

/** POST /api/poles/:id/inspections */
export const visitCreateSchema = z
  .object({
    type: typeCodeSchema,
    inspected_on: day,
    inspector: z.string().trim().max(MAX_INSPECTOR_LENGTH).optional(),
    result: visitResultSchema,
    notes: z.string().max(MAX_NOTES_LENGTH).optional(),
    finding_ids: z.array(z.guid()).max(MAX_VISIT_LINKS).optional(),
    image_ids: z.array(z.guid()).max(MAX_VISIT_LINKS).optional(),
  })
  .strict();
export type VisitCreate = z.infer<typeof visitCreateSchema>;

export const visitSchema = z.object({
  id: z.string(),
  pole_id: z.string(),
  /** The pole's tag (its label until the register gives it one). */
  pole_tag: z.string(),
  type: z.string(),
  /** The type's name in the workspace's settings (its code when the type was removed). */
  type_name: z.string(),
  inspected_on: z.string(),
  inspector: z.string().nullable(),
  /** null for a visit made from photo dates or a register's last inspection: none was said. */
  result: visitResultSchema.nullable(),
  notes: z.string().nullable(),
  finding_ids: z.array(z.string()),
  image_ids: z.array(z.string()),
  source: z.enum(VISIT_SOURCES),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Visit = z.infer<typeof visitSchema>;
export const visitResponseSchema = z.object({ inspection: visitSchema });
export const poleVisitsSchema = z.object({ inspections: z.array(visitSchema) });
export type PoleVisits = z.infer<typeof poleVisitsSchema>;

/** GET /api/inspections: the workspace's visits, newest first. */
export const visitListQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  type: typeCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_VISITS_PAGE_LIMIT).optional(),
  cursor: z.string().max(200).optional(),
});
export type VisitListQuery = z.infer<typeof visitListQuerySchema>;
export const visitListSchema = z.object({
  inspections: z.array(visitSchema),
  nextCursor: z.string().nullable(),
});
export type VisitList = z.infer<typeof visitListSchema>;

/** POST /api/inspections/import: a history CSV (tag, type, date, inspector, result, notes?). */
export const VISIT_HISTORY_MAX_BYTES = 10 * 1024 * 1024;
export const visitImportQuerySchema = z.object({ dryRun: z.enum(["true", "false"]).optional() });
export const visitImportResultSchema = z.object({
  /** Visits recorded (a dry run: that would be). */
  created: z.number().int(),
  /** Rows whose visit (pole, type, day) is already on record. */
  unchanged: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  rejected_count: z.number().int(),
  dry_run: z.boolean(),
});
export type VisitImportResult = z.infer<typeof visitImportResultSchema>;
