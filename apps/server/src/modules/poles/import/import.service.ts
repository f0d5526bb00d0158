/**
 * POST /api/poles/import: a register file (CSV, GeoJSON, zipped Shapefile or GeoPackage) read row by row,
 * each row checked, and the good ones applied in batches of POLE_IMPORT_BATCH_ROWS, each batch one
 * transaction under the workspace's lock (the one uploads take), so a failure halfway leaves whole
 * batches only and a re-run reports them `unchanged`. Bad rows never stop the good ones. A dry run
 * reads and compares the same way and writes nothing.
 *
 * Matching: a row with a tag updates the workspace's pole with that tag (any case) or creates one;
 * a row without a tag updates the pole an earlier import left at its position or creates one
 * (untagged-rows.ts).
 */
import {
  canManage,
  MAX_LISTED_REJECTIONS,
  MAX_WORKSPACE_ATTRIBUTE_NAMES,
  poleImportTexts as texts,
  workspaceTexts,
  type PoleImportRejection,
  type PoleImportResult,
} from "@poleatlas/shared";
import { forbidden } from "../../../errors";
import type { Db, Executor } from "../../../infra/db/database";
import type { TempFiles } from "../../../infra/uploads/temp-files";
import type { AuditLog } from "../../audit/audit-log";
import type { Actor } from "../../workspaces/actor";
import { importRepository as repo, importVisits, type StoredPole } from "./import.repository";
import { ImportPreview } from "./import-preview";
import { FieldChanges, keepMissing } from "./missing-fields";
import { checkRow, type PoleInput } from "./pole-input";
import { openRegister, type ReadOptions } from "./register-file";
import { TagSet } from "./tag-set";
import { applyUntagged } from "./untagged-rows";

export interface PoleImportDeps {
  db: Db;
  withLocks: <T>(keys: string[], fn: (tx: Executor) => Promise<T>) => Promise<T>;
  audit: AuditLog;
  batchRows: number;
  /** Where a zipped Shapefile is unpacked (the upload temp folder). */
  temp: TempFiles;
  /** A zipped Shapefile's parts together, and as a multiple of the zip. */
  unzippedMaxBytes: number;
  zipMaxRatio: number;
  /** The largest GeoJSON register. */
  geojsonMaxBytes: number;
  /** A GeoPackage layer's most rows, and the most time its reading (on a thread) may take. */
  gpkgMaxRows: number;
  gpkgMaxMs: number;
  /** The workspace's inspection type codes: a last inspection's type is one of them. */
  inspectionTypes: (actor: Actor) => Promise<string[]>;
  /** Today (YYYY-MM-DD) by the inspections' clock: no last inspection falls after it. */
  today: () => string;
}

const SAME_PLACE_DEGREES = 1e-9;
/** Rows read between two turns of the event loop (a few milliseconds of work). */
const YIELD_ROWS = 256;
const canonical = (o: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

/** The row would change nothing on the pole. */
function unchanged(row: PoleInput, pole: StoredPole): boolean {
  return (
    pole.source === "import" &&
    Math.abs(pole.latitude - row.latitude) < SAME_PLACE_DEGREES &&
    Math.abs(pole.longitude - row.longitude) < SAME_PLACE_DEGREES &&
    (row.label === undefined || row.label === pole.label) &&
    (row.tag === null || row.tag.toLowerCase() === pole.key) &&
    row.material === pole.material &&
    row.height_m === pole.height_m &&
    row.class === pole.class &&
    row.installed_year === pole.installed_year &&
    row.circuit === pole.circuit &&
    canonical(row.attributes) === canonical(pole.attributes)
  );
}

const toWrite = ({ row: _row, label, ...rest }: PoleInput) => ({ ...rest, label: label ?? null });

/**
 * Adds the row's new attribute names to `names`, or answers the first that would pass
 * MAX_WORKSPACE_ATTRIBUTE_NAMES (adding none of them).
 */
function newNameOverCap(names: Set<string>, attributes: PoleInput["attributes"]): string | null {
  let added: string[] | null = null;
  for (const name in attributes) if (!names.has(name)) (added ??= []).push(name);
  if (added === null) return null;
  if (names.size + added.length > MAX_WORKSPACE_ATTRIBUTE_NAMES)
    return added[MAX_WORKSPACE_ATTRIBUTE_NAMES - names.size] ?? added[0]!;
  for (const name of added) names.add(name);
  return null;
}

export function createPoleImport(deps: PoleImportDeps) {
  const { db, withLocks, audit, batchRows } = deps;

  /** What the rows without a tag of one file share across its batches. */
  interface Untagged {
    startedAt: string;
    claimed: TagSet;
  }

  /** How one file's rows are written over the poles they update. */
  interface Over {
    /** Clear the fields the file lacks (else they stay as stored). */
    clearMissing: boolean;
    changes: FieldChanges;
  }

  /** Applies (or, dry, only compares) one batch; answers its counts. */
  async function applyBatch(
    tx: Executor,
    actor: Actor,
    batch: PoleInput[],
    dryRun: boolean,
    file: Untagged,
    over: Over,
  ) {
    const { workspaceId, userId } = actor;
    const counts = { created: 0, updated: 0, unchanged: 0, visits: 0 };
    /** The row as written over `pole`, counted in the changes when it changes anything. */
    const settle = (row: PoleInput, pole: StoredPole): PoleInput | null => {
      const next = over.clearMissing ? row : keepMissing(row, pole);
      if (unchanged(next, pole)) return null;
      over.changes.add(pole, next);
      return next;
    };
    const untagged = await applyUntagged(
      tx,
      batch.filter((r) => r.tag === null),
      { workspaceId, userId, dryRun, settle, toWrite, ...file },
    );
    counts.created += untagged.created;
    counts.updated += untagged.updated;
    counts.unchanged += untagged.unchanged;
    // Tagged rows: new tags are created by the very statement that finds the known ones.
    const tagged = batch.filter((r) => r.tag !== null);
    const known = dryRun
      ? await repo.byTags(
          tx,
          workspaceId,
          tagged.map((r) => r.tag!.toLowerCase()),
        )
      : await repo.insertUnknownTags(tx, workspaceId, tagged);
    const stored = new Map(known.map((p) => [p.key, p]));
    const updates: (PoleInput & { id: string })[] = [];
    for (const row of tagged) {
      const pole = stored.get(row.tag!.toLowerCase());
      if (!pole) {
        counts.created += 1;
        continue;
      }
      const next = settle(row, pole);
      if (next === null) counts.unchanged += 1;
      else updates.push({ ...next, id: pole.id });
    }
    counts.updated += updates.length;
    if (!dryRun)
      await repo.update(
        tx,
        workspaceId,
        updates.map((u) => ({ ...toWrite(u), id: u.id })),
        userId,
      );
    counts.visits = await importVisits(tx, workspaceId, userId, tagged, dryRun);
    return counts;
  }

  return {
    /** Owners and admins only; `file` is the received upload on disk. */
    async run(
      actor: Actor,
      file: { path: string; filename: string },
      dryRun: boolean,
      options: ReadOptions & { clearMissing?: boolean } = {},
    ): Promise<PoleImportResult> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const register = await openRegister(file.path, file.filename, deps, options);
      const result: PoleImportResult = {
        created: 0,
        updated: 0,
        unchanged: 0,
        rejected: [],
        rejected_count: 0,
        bounds: null,
        dry_run: dryRun,
        visits: 0,
        mapping: {},
        crs: null,
        area: null,
        sample: [],
        field_changes: [],
        clear_missing: options.clearMissing === true,
      };
      const over: Over = { clearMissing: options.clearMissing === true, changes: new FieldChanges() };
      const preview = new ImportPreview();
      const reject = (r: PoleImportRejection) => {
        result.rejected_count += 1;
        if (result.rejected.length < MAX_LISTED_REJECTIONS) result.rejected.push(r);
      };
      const seen = new TagSet();
      // The workspace's attribute names and those this file adds: a row past the cap is rejected.
      const names = new Set(await repo.attributeNames(db, actor.workspaceId));
      const untagged: Untagged = { startedAt: await repo.now(db), claimed: new TagSet() };
      let batch: PoleInput[] = [];
      // One batch is written while the next is read and checked (the database works in its own
      // process), never two at once: each batch sees the ones before it, in file order.
      let writing: Promise<void> = Promise.resolve();
      const apply = async (rows: PoleInput[]) => {
        const counts = dryRun
          ? await applyBatch(db, actor, rows, true, untagged, over)
          : await withLocks([actor.workspaceId], (tx) => applyBatch(tx, actor, rows, false, untagged, over));
        result.created += counts.created;
        result.updated += counts.updated;
        result.unchanged += counts.unchanged;
        result.visits += counts.visits;
      };
      const flush = async () => {
        if (batch.length === 0) return;
        const rows = batch;
        batch = [];
        await writing;
        writing = apply(rows);
        // Handled where it is awaited; until then a failure must not count as unhandled.
        writing.catch(() => {});
      };
      // One clock for the whole file: the latest installed year a row may give.
      const now = new Date();
      const visitRules = { types: await deps.inspectionTypes(actor), today: deps.today() };
      const { mapping } = register.context;
      let sinceYield = 0;
      for await (const source of register.rows) {
        // Rows come from a chunk of the file without a pause between them; the database's answers
        // for the batch being written wait meanwhile, so they get a turn every few hundred rows.
        if (++sinceYield === YIELD_ROWS) {
          sinceYield = 0;
          await new Promise(setImmediate);
        }
        if (!("reason" in source)) mapping.see(Object.keys(source.fields));
        const checked = checkRow(source, register.context, now, visitRules);
        if ("reason" in checked) {
          reject({ row: source.row, reason: checked.reason });
          if (checked.projected) preview.looksProjected(checked.projected);
          continue;
        }
        const row = checked.ok;
        if (row.tag !== null) {
          if (!seen.add(row.tag.toLowerCase())) {
            reject({ row: row.row, reason: texts.tagTwice(row.tag) });
            continue;
          }
        }
        const overCap = newNameOverCap(names, row.attributes);
        if (overCap !== null) {
          reject({
            row: row.row,
            reason: texts.tooManyWorkspaceNames(overCap, MAX_WORKSPACE_ATTRIBUTE_NAMES),
          });
          continue;
        }
        preview.add(row.tag, row.longitude, row.latitude);
        batch.push(row);
        if (batch.length >= batchRows) await flush();
      }
      await flush();
      await writing;
      result.mapping = mapping.used();
      result.crs = register.crs;
      result.bounds = preview.bounds;
      result.area = preview.bounds;
      result.sample = preview.sample;
      result.field_changes = over.changes.list();
      const suggested = await preview.suggestions(() => repo.places(db, actor.workspaceId));
      if (suggested) result.suggestedCrs = suggested;
      if (!dryRun && result.created + result.updated + result.visits > 0) {
        const {
          rejected: _listed,
          mapping: _mapping,
          sample: _sample,
          suggestedCrs: _s,
          field_changes: _f,
          ...counts
        } = result;
        await audit(actor, {
          action: "pole.import",
          targetType: "workspace",
          targetId: actor.workspaceId,
          details: { file: file.filename, ...counts },
        });
      }
      return result;
    },
  };
}

export type PoleImport = ReturnType<typeof createPoleImport>;
