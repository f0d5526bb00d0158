/**
 * Inspections: findings on poles with a priority level and a date to fix them by, resolved with a
 * record of the repair, and the programme's settings (codes, allowance per level, cycle). The
 * contract of /api/findings, /api/workspace/settings and /api/reports.
 */
import { z } from "zod";
import { MAX_NOTES_LENGTH } from "./poles";
import { DEFAULT_INSPECTION_TYPES, inspectionTypesSchema } from "./visits";
import {
  findingStatusFilterSchema,
  findingWorkFilterFields,
  findingWorkPatchFields,
  findingWorkSchema,
  isoDay,
  workStatusSchema,
} from "./finding-work";

export const FINDING_LEVELS = [1, 2, 3] as const;
export type FindingLevel = (typeof FINDING_LEVELS)[number];

/** The code list a workspace starts with (and a personal workspace always has). */
export const DEFAULT_FINDING_CODES = [
  { code: "groundline-decay", description: "Decay at the groundline" },
  { code: "top-rot", description: "Rot at the pole top" },
  { code: "split-crack", description: "Split or crack" },
  { code: "lean", description: "Leaning pole" },
  { code: "woodpecker-insect", description: "Woodpecker or insect damage" },
  { code: "crossarm", description: "Crossarm damaged" },
  { code: "insulator", description: "Insulator damaged" },
  { code: "guy-anchor", description: "Guy or anchor problem" },
  { code: "vegetation-contact", description: "Vegetation contact" },
  { code: "clearance", description: "Clearance below the minimum" },
  { code: "attachment", description: "Attachment problem" },
  { code: "tag-missing", description: "Pole tag missing" },
  { code: "other", description: "Other" },
] as const;
/** Days from observation to the fix-by date, per level. */
export const DEFAULT_ALLOWANCE_DAYS = { 1: 7, 2: 365, 3: 1825 } as const;
export const DEFAULT_CYCLE_YEARS = 10;
export const FINDINGS_PAGE_LIMIT = 100;
export const MAX_FINDINGS_PAGE_LIMIT = 500;
export const MAX_FINDING_CODES = 100;

const isoDate = isoDay;
const levelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const codeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "A code is lower-case letters, digits and dashes");
const longText = z.string().max(MAX_NOTES_LENGTH);

export const findingIdParamsSchema = z.object({ id: z.guid() });

/** POST /api/poles/:id/findings */
export const findingCreateSchema = z
  .object({
    code: codeSchema,
    level: levelSchema,
    notes: longText.optional(),
    observed_on: isoDate.optional(),
    image_id: z.guid().optional(),
    /** The measurement of this pole that suggested it; its photo is the finding's unless image_id says. */
    measurement_id: z.guid().optional(),
    /** A member of the workspace: the finding starts at "assigned". */
    assignee_id: z.string().min(1).max(200).optional(),
  })
  .strict();
export type FindingCreate = z.infer<typeof findingCreateSchema>;

/**
 * PATCH /api/findings/:id: edit, resolve once (the action taken is required), assign, set the
 * work order, move it a step (WORK_STEPS), extend its due date with a reason.
 */
export const findingPatchFields = {
  level: levelSchema.optional(),
  notes: longText.nullable().optional(),
  code: codeSchema.optional(),
  resolve: z
    .object({
      action: z.string().trim().min(1, "Say what was done").max(MAX_NOTES_LENGTH),
      resolved_on: isoDate.optional(),
      image_id: z.guid().optional(),
      /**
       * The client's own date where it is (the web sends its device's): `resolved_on` may not be
       * later, and defaults to it. It must be within a day of the server's (UTC) date, as every
       * time zone is. Without it the latest day is tomorrow by the server's clock.
       */
      today: isoDate.optional(),
    })
    .strict()
    .optional(),
};
export const findingPatchSchema = z
  .object({
    ...findingPatchFields,
    ...findingWorkPatchFields,
    /** "resolved" only with `resolve`. */
    status: workStatusSchema.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" })
  .refine((b) => b.status !== "resolved" || b.resolve !== undefined, {
    message: "Resolving needs the action taken (resolve.action)",
    path: ["resolve"],
  })
  .refine((b) => b.extension_reason === undefined || b.due_on !== undefined, {
    message: "An extension reason goes with the new due date (due_on)",
    path: ["due_on"],
  });
export type FindingPatch = z.infer<typeof findingPatchSchema>;

export const findingStatusSchema = workStatusSchema;
export type FindingStatus = z.infer<typeof findingStatusSchema>;

export const findingSchema = z.object({
  id: z.string(),
  pole_id: z.string(),
  /** The pole's tag as the utility paints it (its label until the register gives it one). */
  pole_tag: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  region_id: z.string(),
  image_id: z.string().nullable(),
  code: z.string(),
  level: levelSchema,
  notes: z.string().nullable(),
  observed_on: z.string(),
  due_on: z.string(),
  status: findingStatusSchema,
  /** Open and past its due date (today by the server's clock). */
  overdue: z.boolean(),
  created_by: z.string(),
  created_by_email: z.string(),
  resolved_on: z.string().nullable(),
  resolved_by: z.string().nullable(),
  action: z.string().nullable(),
  repair_image_id: z.string().nullable(),
  /** The measurement it was added from (null: added by hand, or the measurement was deleted). */
  measurement_id: z.string().nullable(),
  ...findingWorkSchema.shape,
  /**
   * Its ETag: a PATCH naming it in If-Match changes the finding only if nobody did meanwhile. An
   * answer kept offline from before findings had versions reads as 1 (a save then meets a 412).
   */
  version: z.number().int().default(1),
});
export type Finding = z.infer<typeof findingSchema>;
export const findingResponseSchema = z.object({ finding: findingSchema });
/** 412 on PATCH /api/findings/:id with a stale If-Match: the finding as it is now. */
export const findingConflictSchema = z.object({
  code: z.literal("edit_conflict"),
  message: z.string(),
  finding: findingSchema,
});

const booleanFlag = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /api/findings */
export const findingListQuerySchema = z
  .object({
    status: findingStatusFilterSchema.optional(),
    overdue: booleanFlag.optional(),
    level: z.coerce.number().pipe(levelSchema).optional(),
    region: z.string().max(32).optional(),
    pole: z.guid().optional(),
    limit: z.coerce.number().int().min(1).max(MAX_FINDINGS_PAGE_LIMIT).optional(),
    cursor: z.string().max(2000).optional(),
    ...findingWorkFilterFields,
  })
  .refine((q) => !q.observed_from || !q.observed_to || q.observed_from <= q.observed_to, {
    message: "observed_from is after observed_to",
    path: ["observed_to"],
  });
export type FindingListQuery = z.infer<typeof findingListQuerySchema>;
export const findingListSchema = z.object({
  findings: z.array(findingSchema),
  nextCursor: z.string().nullable(),
});
export type FindingList = z.infer<typeof findingListSchema>;

/** GET/PUT /api/workspace/settings */
export const inspectionSettingsSchema = z.object({
  codes: z
    .array(z.object({ code: codeSchema, description: z.string().trim().min(1).max(120) }))
    .min(1)
    .max(MAX_FINDING_CODES)
    .refine((codes) => new Set(codes.map((c) => c.code)).size === codes.length, "Each code once"),
  allowanceDays: z.object({
    1: z.number().int().min(0).max(36500),
    2: z.number().int().min(0).max(36500),
    3: z.number().int().min(0).max(36500),
  }),
  cycleYears: z.number().int().min(1).max(100),
  /** The visits' types and their cycles: a pole's inspection state is read from these. */
  inspectionTypes: inspectionTypesSchema,
});
export type InspectionSettings = z.infer<typeof inspectionSettingsSchema>;
/** The inspection fields of a PUT /api/workspace/settings (each optional; see workspace-settings.ts). */
export const inspectionSettingsUpdateSchema = inspectionSettingsSchema.partial();
export const DEFAULT_INSPECTION_SETTINGS: InspectionSettings = {
  codes: DEFAULT_FINDING_CODES.map((c) => ({ ...c })),
  allowanceDays: { ...DEFAULT_ALLOWANCE_DAYS },
  cycleYears: DEFAULT_CYCLE_YEARS,
  inspectionTypes: DEFAULT_INSPECTION_TYPES.map((t) => ({ ...t })),
};

export const CONDITIONS = ["high", "medium", "low", "unrated"] as const;
export const conditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof conditionSchema>;
/** never: no inspection on record (no visit yet), its own state, never overdue by assumption. */
export const INSPECTION_STATES = ["current", "due", "overdue", "never"] as const;
export const inspectionStateSchema = z.enum(INSPECTION_STATES);
export type InspectionState = z.infer<typeof inspectionStateSchema>;

/** A pole's state for one inspection type: its last visit of that type and the cycle's end. */
export const typeInspectionSchema = z.object({
  type: z.string(),
  name: z.string(),
  cycleYears: z.number().int(),
  /** null: never visited for this type (no due day: not overdue by assumption). */
  lastInspectedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  state: inspectionStateSchema,
  /** Days past the due day (0: due today); negative: days left; null with no visit. */
  daysLate: z.number().int().nullable(),
});
export type TypeInspection = z.infer<typeof typeInspectionSchema>;

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What GET /api/poles/:id adds to the pole. */
export const poleInspectionSchema = z.object({
  // Defaults: the web app still reads a pole from a server without inspections (a rolling update).
  condition: conditionSchema.default("unrated"),
  /** An open finding is past its due date. */
  overdue: z.boolean().default(false),
  inspection: z
    .object({
      state: inspectionStateSchema,
      /** The pole's last visit of any type. */
      lastInspectedOn: z.string().nullable(),
      /** The earliest day one of its types' cycles runs out; null with no visit. */
      dueOn: z.string().nullable().default(null),
      /** One line per type of the workspace's programme, in its order (absent: an older server). */
      types: z.array(typeInspectionSchema).optional(),
    })
    .default({ state: "never", lastInspectedOn: null, dueOn: null }),
});
export type PoleInspection = z.infer<typeof poleInspectionSchema>;

/** What GET /api/regions items add: poles with an overdue finding, poles due for inspection. */
export const regionInspectionSchema = z.object({
  overdue: z.number().int(),
  inspectionDue: z.object({
    due: z.number().int(),
    overdue: z.number().int(),
    /** Poles with no inspection on record. */
    never: z.number().int().default(0),
  }),
});
export type RegionInspection = z.infer<typeof regionInspectionSchema>;

/** GET /api/reports/summary?region= */
export const summaryQuerySchema = z.object({ region: z.string().max(32).optional() });
const levelCounts = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  resolved12m: z.number().int(),
});
export const summarySchema = z.object({
  today: z.string(),
  levels: z.object({ 1: levelCounts, 2: levelCounts, 3: levelCounts }),
  inspection: z.object({
    current: z.number().int(),
    due: z.number().int(),
    overdue: z.number().int(),
    never: z.number().int().default(0),
  }),
  /** Open findings by level at the end of each of the last 12 months, oldest first. */
  openByMonth: z.array(
    z.object({ month: z.string(), 1: z.number().int(), 2: z.number().int(), 3: z.number().int() }),
  ),
  /** Findings observed (opened) and resolved (closed) in each of the last 12 months, oldest first. */
  flowByMonth: z.array(z.object({ month: z.string(), opened: z.number().int(), closed: z.number().int() })),
  /** Open findings by days since observed: 0–30, 31–90, 91–365, more than 365. */
  ageing: z.object({
    upTo30: z.number().int(),
    upTo90: z.number().int(),
    upTo365: z.number().int(),
    over365: z.number().int(),
  }),
});
export type Summary = z.infer<typeof summarySchema>;
/** GET /api/reports/region/:file, where the file is "<region id>.pdf". */
export const regionReportParamsSchema = z.object({
  file: z
    .string()
    .max(40)
    .regex(/^[^/]+\.pdf$/, "A region report is <region id>.pdf")
    .transform((f) => f.slice(0, -".pdf".length)),
});

/** A date `days` after a YYYY-MM-DD date, in the calendar (no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const t = Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A date `years` before or after, in the calendar; 29 February falls back to the 28th. */
export function addYears(isoDay: string, years: number): string {
  const [y, m, d] = isoDay.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * A finding's fix-by day from its observation and its level's allowance in days. An allowance of
 * whole years (365 days each: the defaults' 1 and 5 years) counts calendar years, so 5 years from
 * 2024-03-10 is 2029-03-10 whatever leap days fall between (from 29 February, the 28th); any
 * other allowance counts days.
 */
export function dueAfterAllowance(observedOn: string, allowanceDays: number): string {
  return allowanceDays > 0 && allowanceDays % 365 === 0
    ? addYears(observedOn, allowanceDays / 365)
    : addDays(observedOn, allowanceDays);
}

/**
 * A pole's state from the day its inspection falls due (the earliest of its types' last visit
 * plus that type's cycle): overdue from that day, due within the year before it, current before
 * that; with no visit on record, "never" (not overdue by assumption).
 */
export function inspectionState(inspectionDueOn: string | null, today: string): InspectionState {
  if (inspectionDueOn === null) return "never";
  if (inspectionDueOn <= today) return "overdue";
  if (inspectionDueOn <= addYears(today, 1)) return "due";
  return "current";
}

/** Level 1 is High, 2 Medium, 3 Low: the legend's colours. */
export const LEVEL_CONDITION = { 1: "high", 2: "medium", 3: "low" } as const satisfies Record<
  FindingLevel,
  Condition
>;
