/**
 * The export's rules: which photos (the actor's active workspace, the filters), the file's name
 * and type, the audit entry, and the rows turned into text batch by batch.
 */
import { Readable } from "node:stream";
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_EXTENSIONS,
  exportTexts,
  messages,
  parseRegionKey,
  type ExportQuery,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import {
  coordinateSystem,
  epsgCode,
  WGS84_CODE,
  type CoordinateSystem,
} from "../../formats/coordinate-systems";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { LeakWatch } from "../../infra/limits/leak-watch";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { ExportLimits } from "../../infra/limits/export-limits";
import type { ExportFilter, ExportRepository } from "./export.repository";
import type { Today } from "../inspections/clock";
import type { FindingFilter } from "../inspections/finding-list";
import { filterOf } from "../inspections/finding-list-query";
import { findingsTable, photosTable, polesTable, type Table } from "./export-tables";
import { renderFile, type TypedFormat } from "./export-files";
import { renderPhotos, renderPoles, renderTable } from "./export-text";
import type * as w from "./export-writers";
import { MAX_GPKG_COLUMNS } from "./geopackage-writer";
import { Placement } from "./placement";
import { poleColumns } from "./pole-columns";
import type { AttributeName } from "./pole-rows";
import { MAX_DBF_FIELDS } from "./shapefile-names";

/**
 * The poles layer in a typed file, within its format's column limit: a Shapefile's .dbf holds 255
 * fields (the attributes past them go to `poles_attributes.csv` in the zip), a GeoPackage's table
 * 2,000 columns with `fid` and `geom` (the rest to one JSON column `attributes`).
 */
function typedPolesTable(format: TypedFormat, names: AttributeName[], types: string[], today: string) {
  const fixed = polesTable(poleColumns([], types, today)).fields.length;
  if (format === "shp")
    return polesTable(poleColumns(names, types, today, MAX_DBF_FIELDS - fixed), "poles_attributes");
  const room = MAX_GPKG_COLUMNS - 2 - fixed - 1;
  return polesTable(poleColumns(names, types, today, room, "attributes"));
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
  /** Built whole before its first byte (Shapefile, GeoPackage): the socket is silent meanwhile. */
  builtFirst: boolean;
}

/** Lower-case letters, digits and dashes: safe inside a quoted Content-Disposition filename. */
const fileSafe = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "workspace";

export function createExportService(deps: {
  repository: ExportRepository;
  audit: AuditLog;
  publicUrl: string;
  limits: ExportLimits;
  /** Ends an export still holding its connection past the request timeout (a leak). */
  watch?: LeakWatch;
  /** Where a Shapefile or GeoPackage is written before it is sent. */
  temp: TempFiles;
  /** The inspections' clock: what is overdue and due within N days. */
  today: Today;
}) {
  const { repository, audit, limits, watch, temp } = deps;
  const ctx: w.WriterContext = { publicUrl: deps.publicUrl };

  return {
    /**
     * Any role may export: it only reads what the actor can already see in the workspace. A
     * running export holds a pooled connection for as long as it is read, so ExportLimits bounds
     * them per user, in all and per hour. Its place is given back when its file closes (read to
     * the end, failed, or the client gone), at the latest by the leak guard, which also ends it.
     */
    async open(actor: Actor, q: ExportQuery, today = new Date()): Promise<ExportFile> {
      const region = regionOf(q);
      const system = systemOf(q);
      const giveBack = limits.take(actor.userId);
      let body: Readable | undefined;
      let ended = false;
      const endExport = () => {
        ended = true;
        giveBack();
        body?.destroy();
      };
      const end = watch ? watch.track("exports", actor.userId, endExport) : endExport;
      try {
        const file = await openFile(actor, q, region, system, today);
        body = file.body;
        body.once("close", end);
        if (ended) body.destroy(); // taken back as a leak while it opened
        return file;
      } catch (err) {
        end();
        throw err;
      }
    },
  };

  /** The work list's filter of the findings layer, read as GET /api/findings reads it. */
  function findingFilterOf(actor: Actor, q: ExportQuery, today: string): FindingFilter {
    const { status, overdue, level, region, code, assignee, circuit, due_within, from, to, sort } = q;
    const filter = filterOf(
      actor,
      {
        status,
        overdue,
        level,
        region,
        code,
        assignee,
        circuit,
        due_within,
        observed_from: from,
        observed_to: to,
      },
      today,
    );
    return { ...filter, sort };
  }

  /** What the audit records of the query: the filters the layer reads, as given. */
  function filtersOf(q: ExportQuery): Record<string, unknown> {
    const { region, from, to } = q;
    if (q.layer !== "findings") return { region, risk: q.risk, from, to, unplaced: q.unplaced };
    const { status, overdue, level, code, assignee, circuit, due_within, sort } = q;
    return { region, from, to, status, overdue, level, code, assignee, circuit, due_within, sort };
  }

  function regionOf(q: ExportQuery): ExportFilter["region"] {
    if (q.region === undefined) return undefined;
    const region = parseRegionKey(q.region);
    if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
    return region;
  }

  /** The chosen system; null: WGS 84 longitude/latitude as stored. */
  function systemOf(q: ExportQuery): CoordinateSystem | null {
    if (q.crs === undefined) return null;
    const code = epsgCode(q.crs);
    const system = code === null ? null : coordinateSystem(code);
    // A file names its system by WKT 1 in two dimensions: a system without one cannot be written.
    if (!system?.writable) throw badRequest(exportTexts.unknownCrs(q.crs), "unknown_crs");
    return system.epsg === WGS84_CODE ? null : system;
  }

  async function openFile(
    actor: Actor,
    q: ExportQuery,
    region: ExportFilter["region"],
    system: CoordinateSystem | null,
    today: Date,
  ): Promise<ExportFile> {
    const slug = await repository.workspaceSlug(actor.workspaceId);
    const workspace = slug === null ? "personal" : fileSafe(slug);
    const layer = q.layer === "photos" ? "" : `-${q.layer}`;
    const day = today.toISOString().slice(0, 10);
    const filename = `poleatlas-${workspace}${layer}-${day}.${EXPORT_EXTENSIONS[q.format]}`;
    const filter: ExportFilter = {
      workspaceId: actor.workspaceId,
      region,
      risk: q.risk,
      from: q.from,
      to: q.to,
      unplaced: q.unplaced,
      placedOnly: q.format === "kml",
      byPole: q.format === "kml",
    };
    // The audit entry goes first, on the export's own connection: an export never needs a
    // second one (with every connection held by exports, that wait ended in a 500). It records
    // that an export started, even one whose query then fails.
    const audited = (tx: Parameters<AuditLog>[2]) =>
      audit(
        actor,
        {
          action: "export.download",
          targetType: "workspace",
          targetId: actor.workspaceId,
          details: {
            format: q.format,
            ...(q.layer === "photos" ? {} : { layer: q.layer }),
            ...(q.crs === undefined ? {} : { crs: q.crs }),
            filters: filtersOf(q),
          },
        },
        tx,
      );
    const title = `PoleAtlas ${workspace}`;
    const typed = q.format === "shp" || q.format === "gpkg" ? q.format : null;
    const textFormat = q.format === "shp" || q.format === "gpkg" ? null : q.format;
    const placement = new Placement(typed ? (system ?? coordinateSystem(WGS84_CODE)!) : system);
    let rows: AsyncGenerator<unknown>;
    let text: AsyncGenerator<string | Buffer>;
    /** A layer by its table: the typed formats of every layer, the text formats of findings. */
    const asTable = async <R>(table: Table<R>, batches: AsyncGenerator<R[]>) => {
      rows = batches;
      const first = await batches.next();
      if (typed) return renderFile(typed, table, placement, temp, first, batches);
      return renderTable(textFormat!, table, title, placement, first, batches);
    };
    // The first batch before any byte is sent: a failing query is still a plain 500.
    if (q.layer === "poles") {
      const [names, types] = await Promise.all([
        repository.poleAttributes(actor.workspaceId),
        repository.inspectionTypes(actor.workspaceId),
      ]);
      const poles = repository.poleBatches(filter, audited);
      if (typed) text = await asTable(typedPolesTable(typed, names, types, deps.today()), poles);
      else {
        rows = poles;
        const columns = poleColumns(names, types, deps.today());
        text = renderPoles(textFormat!, columns, title, placement, await poles.next(), poles);
      }
    } else if (q.layer === "findings") {
      const day = deps.today();
      text = await asTable(
        findingsTable(day),
        repository.findingBatches(findingFilterOf(actor, q, day), audited),
      );
    } else {
      const photos = repository.batches(filter, audited);
      if (typed) text = await asTable(photosTable(ctx), photos);
      else {
        rows = photos;
        text = renderPhotos(textFormat!, ctx, title, placement, await photos.next(), photos);
      }
    }
    const body = Readable.from(text, { objectMode: false });
    // Readable.from returns the generator on destroy; make sure ours ends too (a client gone
    // before the first read), so its connection goes back to the pool.
    body.once("close", () => void rows.return(undefined));
    return { filename, contentType: EXPORT_CONTENT_TYPES[q.format], body, builtFirst: typed !== null };
  }
}
export type ExportService = ReturnType<typeof createExportService>;
