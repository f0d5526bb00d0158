/**
 * POST /api/poles/import: a register file (CSV, GeoJSON, zipped Shapefile or GeoPackage) read row by row,
 * each row checked, and the good ones applied in batches of POLE_IMPORT_BATCH_ROWS, each batch one
 * transaction under the workspace's lock (the one uploads take), so a failure halfway leaves whole
 * batches only and a re-run reports them `unchanged`. Bad rows never stop the good ones. A dry run
 * reads and compares the same way and writes nothing.
 *
 * Matching: a row with a tag updates the workspace's pole with that tag (any case) or creates one;
 * a row without a tag updates the nearest pole within SPOT_RADIUS_METERS or creates one.
 */
import { open } from "node:fs/promises";
import { createReadStream } from "node:fs";
import {
  canManage,
  geopackageImportTexts,
  MAX_LISTED_REJECTIONS,
  poleImportTexts as texts,
  workspaceTexts,
  type PoleImportRejection,
  type PoleImportResult,
} from "@poleatlas/shared";
import { badRequest, forbidden } from "../../../errors";
import type { Db, Executor } from "../../../infra/db/database";
import type { TempFiles } from "../../../infra/uploads/temp-files";
import type { AuditLog } from "../../audit/audit-log";
import type { Actor } from "../../workspaces/actor";
import { importRepository as repo, importVisits, type StoredPole } from "./import.repository";
import { checkRow, type PoleInput } from "./pole-input";
import { readCsv } from "./read-csv";
import { readGeoJson } from "./read-geojson";
import { readGeoPackage } from "./read-geopackage";
import { readShapefile } from "./read-shapefile";
import type { SourceRow } from "./source-row";
import { TagSet } from "./tag-set";
import { applyUntagged } from "./untagged-rows";

export interface PoleImportDeps {
  db: Db;
  withLocks: <T>(keys: string[], fn: (tx: Executor) => Promise<T>) => Promise<T>;
  audit: AuditLog;
  spotRadiusMeters: number;
  batchRows: number;
  /** Where a zipped Shapefile is unpacked (the upload temp folder). */
  temp: TempFiles;
  /** A zipped Shapefile's parts together, and as a multiple of the zip. */
  unzippedMaxBytes: number;
  zipMaxRatio: number;
  /** The largest GeoJSON register. */
  geojsonMaxBytes: number;
  /** The workspace's inspection type codes: a last inspection's type is one of them. */
  inspectionTypes: (actor: Actor) => Promise<string[]>;
  /** Today (YYYY-MM-DD) by the inspections' clock: no last inspection falls after it. */
  today: () => string;
}

/** The received upload on disk, its name as sent, and a GeoPackage's layer to read. */
export interface RegisterFile {
  path: string;
  filename: string;
  layer?: string;
}

/** The first 16 bytes of every SQLite database, so of every GeoPackage. */
const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");

type FileLimits = Pick<PoleImportDeps, "temp" | "unzippedMaxBytes" | "zipMaxRatio" | "geojsonMaxBytes">;

/** Which reader a file needs: by its first bytes (a zip, SQLite, a JSON object), else CSV. */
async function readerFor(
  { path: file, filename, layer }: RegisterFile,
  limits: FileLimits,
): Promise<AsyncGenerator<SourceRow>> {
  const handle = await open(file);
  const head = Buffer.alloc(64);
  const { bytesRead } = await handle.read(head, 0, 64, 0).finally(() => handle.close());
  const start = head.subarray(0, bytesRead);
  if (start.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1")))
    return readShapefile(file, () => limits.temp.newDir("unzip"), {
      maxBytes: limits.unzippedMaxBytes,
      maxRatio: limits.zipMaxRatio,
    });
  if (start.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return readGeoPackage(file, layer);
  if (/\.gpkg$/i.test(filename)) throw badRequest(geopackageImportTexts.unreadable, "import_unreadable");
  const text = start
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("{")) return readGeoJson(file, limits.geojsonMaxBytes);
  if (/\.(shp|dbf|shx|xlsx?|kml|kmz|gpkg)$/i.test(filename) || start.includes(0))
    throw badRequest(texts.unknownFormat, "import_unknown_format");
  return readCsv(createReadStream(file));
}

const SAME_PLACE_DEGREES = 1e-9;
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

export function createPoleImport(deps: PoleImportDeps) {
  const { db, withLocks, audit, spotRadiusMeters, batchRows } = deps;

  /** Applies (or, dry, only compares) one batch; answers its counts. */
  async function applyBatch(tx: Executor, actor: Actor, batch: PoleInput[], dryRun: boolean) {
    const { workspaceId, userId } = actor;
    const counts = { created: 0, updated: 0, unchanged: 0, visits: 0 };
    const untagged = await applyUntagged(
      tx,
      batch.filter((r) => r.tag === null),
      { workspaceId, userId, radius: spotRadiusMeters, dryRun, unchanged, toWrite },
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
      if (!pole) counts.created += 1;
      else if (unchanged(row, pole)) counts.unchanged += 1;
      else updates.push({ ...row, id: pole.id });
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
    async run(actor: Actor, file: RegisterFile, dryRun: boolean): Promise<PoleImportResult> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const result: PoleImportResult = {
        created: 0,
        updated: 0,
        unchanged: 0,
        rejected: [],
        rejected_count: 0,
        bounds: null,
        dry_run: dryRun,
        visits: 0,
      };
      const reject = (r: PoleImportRejection) => {
        result.rejected_count += 1;
        if (result.rejected.length < MAX_LISTED_REJECTIONS) result.rejected.push(r);
      };
      const seen = new TagSet();
      let batch: PoleInput[] = [];
      // One batch is written while the next is read and checked (the database works in its own
      // process), never two at once: each batch sees the ones before it, in file order.
      let writing: Promise<void> = Promise.resolve();
      const apply = async (rows: PoleInput[]) => {
        const counts = dryRun
          ? await applyBatch(db, actor, rows, true)
          : await withLocks([actor.workspaceId], (tx) => applyBatch(tx, actor, rows, false));
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
      for await (const source of await readerFor(file, deps)) {
        const checked = checkRow(source, now, visitRules);
        if ("reason" in checked) {
          reject({ row: source.row, reason: checked.reason });
          continue;
        }
        const row = checked.ok;
        if (row.tag !== null) {
          if (!seen.add(row.tag.toLowerCase())) {
            reject({ row: row.row, reason: texts.tagTwice(row.tag) });
            continue;
          }
        }
        const b = result.bounds;
        if (!b)
          result.bounds = {
            minLon: row.longitude,
            minLat: row.latitude,
            maxLon: row.longitude,
            maxLat: row.latitude,
          };
        else {
          b.minLon = Math.min(b.minLon, row.longitude);
          b.minLat = Math.min(b.minLat, row.latitude);
          b.maxLon = Math.max(b.maxLon, row.longitude);
          b.maxLat = Math.max(b.maxLat, row.latitude);
        }
        batch.push(row);
        if (batch.length >= batchRows) await flush();
      }
      await flush();
      await writing;
      if (!dryRun && result.created + result.updated + result.visits > 0) {
        const { rejected: _listed, ...counts } = result;
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
