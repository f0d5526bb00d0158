/**
 * The export's rules: which photos (the actor's active workspace, the filters), the file's name
 * and type, the audit entry, and the rows turned into text batch by batch.
 */
import { Readable } from "node:stream";
import {
  EXPORT_CONTENT_TYPES,
  EXPORTS_PER_USER,
  exportTexts,
  messages,
  parseRegionKey,
  type ExportFormat,
  type ExportQuery,
} from "@poleatlas/shared";
import { AppError, badRequest } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { ExportFilter, ExportRepository, ExportRow } from "./export.repository";
import * as w from "./export-writers";

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

export function createExportService(deps: {
  repository: ExportRepository;
  audit: AuditLog;
  publicUrl: string;
}) {
  const { repository, audit } = deps;
  const ctx: w.WriterContext = { publicUrl: deps.publicUrl };
  /** Exports streaming now, per user (per process, like the upload slots). */
  const running = new Map<string, number>();

  /** Takes one of the user's export slots; the function returned gives it back (once). */
  function takeSlot(userId: string): () => void {
    const mine = running.get(userId) ?? 0;
    if (mine >= EXPORTS_PER_USER) {
      throw new AppError(429, "too_many_exports", exportTexts.tooMany(EXPORTS_PER_USER));
    }
    running.set(userId, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    };
  }

  return {
    /**
     * Any role may export: it only reads what the actor can already see in the workspace. A slow
     * reader holds a pooled connection for as long as it reads, so a user has EXPORTS_PER_USER.
     */
    async open(actor: Actor, q: ExportQuery, today = new Date()): Promise<ExportFile> {
      const giveBack = takeSlot(actor.userId);
      try {
        const file = await openFile(actor, q, today);
        file.body.once("close", giveBack);
        return file;
      } catch (err) {
        giveBack();
        throw err;
      }
    },
  };

  async function openFile(actor: Actor, q: ExportQuery, today: Date): Promise<ExportFile> {
    let region: ExportFilter["region"];
    if (q.region !== undefined) {
      region = parseRegionKey(q.region) ?? undefined;
      if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
    }
    const slug = await repository.workspaceSlug(actor.workspaceId);
    const workspace = slug === null ? "personal" : fileSafe(slug);
    const filename = `poleatlas-${workspace}-${today.toISOString().slice(0, 10)}.${q.format}`;
    const rows = repository.batches({
      workspaceId: actor.workspaceId,
      region,
      risk: q.risk,
      from: q.from,
      to: q.to,
      unplaced: q.unplaced,
      placedOnly: q.format === "kml",
      byPole: q.format === "kml",
    });
    // The first batch before any byte is sent: a failing query is still a plain 500.
    const first = await rows.next();
    try {
      await audit(actor, {
        action: "export.download",
        targetType: "workspace",
        targetId: actor.workspaceId,
        details: {
          format: q.format,
          filters: { region: q.region, risk: q.risk, from: q.from, to: q.to, unplaced: q.unplaced },
        },
      });
    } catch (err) {
      await rows.return(undefined); // the cursor's connection goes back before the 500
      throw err;
    }
    const body = Readable.from(render(q.format, ctx, `PoleAtlas ${workspace}`, first, rows), {
      objectMode: false,
    });
    // Readable.from returns the generator on destroy; make sure ours ends too (a client gone
    // before the first read), so its connection goes back to the pool.
    body.once("close", () => void rows.return(undefined));
    return { filename, contentType: EXPORT_CONTENT_TYPES[q.format], body };
  }
}

export type ExportService = ReturnType<typeof createExportService>;
