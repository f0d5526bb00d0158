/**
 * The export's rules: which photos (the actor's active workspace, the filters), the file's name
 * and type, the audit entry, and the rows turned into text batch by batch.
 */
import { Readable } from "node:stream";
import {
  EXPORT_CONTENT_TYPES,
  messages,
  parseRegionKey,
  type ExportFormat,
  type ExportQuery,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { LeakWatch } from "../../infra/limits/leak-watch";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { ExportLimits } from "../../infra/limits/export-limits";
import type { ExportFilter, ExportRepository, ExportRow, PoleExportRow } from "./export.repository";
import * as w from "./export-writers";
import * as pw from "./pole-writers";

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/** Lower-case letters, digits and dashes: safe inside a quoted Content-Disposition filename. */
const fileSafe = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "workspace";

/** The rows as text: the format's opening, one chunk per fetched batch, its closing. */
async function* render(
  format: ExportFormat,
  ctx: w.WriterContext,
  title: string,
  first: IteratorResult<ExportRow[]>,
  rest: AsyncGenerator<ExportRow[]>,
): AsyncGenerator<string> {
  let next = first;
  if (format === "csv") {
    yield w.csvHeader();
    for (; !next.done; next = await rest.next()) yield next.value.map((r) => w.csvRow(ctx, r)).join("");
  } else if (format === "geojson") {
    yield w.geojsonStart();
    let sep = "";
    for (; !next.done; next = await rest.next()) {
      yield next.value
        .map((r) => {
          const out = sep + w.geojsonFeature(ctx, r);
          sep = ",\n";
          return out;
        })
        .join("");
    }
    yield w.geojsonEnd();
  } else {
    yield w.kmlStart(title);
    let pole: string | null | undefined = undefined;
    for (; !next.done; next = await rest.next()) {
      let chunk = "";
      for (const r of next.value) {
        if (r.pole_id !== pole) {
          if (pole !== undefined) chunk += "</Folder>\n";
          chunk += w.kmlFolderStart(r);
          pole = r.pole_id;
        }
        chunk += w.kmlPlacemark(ctx, r);
      }
      yield chunk;
    }
    yield w.kmlEnd(pole !== undefined);
  }
}

/** The poles layer as text: as `render`, one Placemark a pole in KML (no folders). */
async function* renderPoles(
  format: ExportFormat,
  extra: string[],
  title: string,
  first: IteratorResult<PoleExportRow[]>,
  rest: AsyncGenerator<PoleExportRow[]>,
): AsyncGenerator<string> {
  let next = first;
  const each = async function* (line: (r: PoleExportRow) => string, sep = "") {
    let before = "";
    for (; !next.done; next = await rest.next()) {
      let chunk = "";
      for (const r of next.value) {
        chunk += before + line(r);
        before = sep;
      }
      yield chunk;
    }
  };
  if (format === "csv") {
    yield pw.poleCsvHeader(extra);
    yield* each((r) => pw.poleCsvRow(extra, r));
  } else if (format === "geojson") {
    yield w.geojsonStart();
    yield* each((r) => pw.poleGeojsonFeature(extra, r), ",\n");
    yield w.geojsonEnd();
  } else {
    yield w.kmlStart(title);
    yield* each((r) => pw.polePlacemark(extra, r));
    yield w.kmlEnd(false);
  }
}

export function createExportService(deps: {
  repository: ExportRepository;
  audit: AuditLog;
  publicUrl: string;
  limits: ExportLimits;
  /** Ends an export still holding its connection past the request timeout (a leak). */
  watch?: LeakWatch;
}) {
  const { repository, audit, limits, watch } = deps;
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
        const file = await openFile(actor, q, region, today);
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

  function regionOf(q: ExportQuery): ExportFilter["region"] {
    if (q.region === undefined) return undefined;
    const region = parseRegionKey(q.region);
    if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
    return region;
  }

  async function openFile(
    actor: Actor,
    q: ExportQuery,
    region: ExportFilter["region"],
    today: Date,
  ): Promise<ExportFile> {
    const slug = await repository.workspaceSlug(actor.workspaceId);
    const workspace = slug === null ? "personal" : fileSafe(slug);
    const layer = q.layer === "poles" ? "-poles" : "";
    const filename = `poleatlas-${workspace}${layer}-${today.toISOString().slice(0, 10)}.${q.format}`;
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
            ...(q.layer === "poles" ? { layer: q.layer } : {}),
            filters: { region: q.region, risk: q.risk, from: q.from, to: q.to, unplaced: q.unplaced },
          },
        },
        tx,
      );
    const title = `PoleAtlas ${workspace}`;
    let rows: AsyncGenerator<unknown>;
    let text: AsyncGenerator<string>;
    // The first batch before any byte is sent: a failing query is still a plain 500.
    if (q.layer === "poles") {
      const extra = pw.attributeColumns(await repository.poleAttributeNames(actor.workspaceId));
      const poles = repository.poleBatches(filter, audited);
      rows = poles;
      text = renderPoles(q.format, extra, title, await poles.next(), poles);
    } else {
      const photos = repository.batches(filter, audited);
      rows = photos;
      text = render(q.format, ctx, title, await photos.next(), photos);
    }
    const body = Readable.from(text, { objectMode: false });
    // Readable.from returns the generator on destroy; make sure ours ends too (a client gone
    // before the first read), so its connection goes back to the pool.
    body.once("close", () => void rows.return(undefined));
    return { filename, contentType: EXPORT_CONTENT_TYPES[q.format], body };
  }
}
export type ExportService = ReturnType<typeof createExportService>;
