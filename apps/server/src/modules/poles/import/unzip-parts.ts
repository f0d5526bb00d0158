/**
 * The first Shapefile's parts of a zip, unpacked into a folder, under two limits: all parts
 * together at most `maxBytes`, and at most `maxRatio` times the zip's own size. A zip's headers
 * may lie about sizes, so the bytes are counted as they are inflated and unpacking stops at the
 * limit (413), before the disk holds more; the caller removes the folder.
 */
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { poleImportTexts } from "@poleatlas/shared";
import { AppError, badRequest } from "../../../errors";

const WANTED = new Set([".shp", ".dbf", ".prj", ".cpg"]);

export interface UnzipLimits {
  /** The most the wanted parts may unpack to, together. */
  maxBytes: number;
  /** The most they may unpack to as a multiple of the zip's size. */
  maxRatio: number;
}

const unreadable = () => badRequest(poleImportTexts.zipUnreadable, "import_unreadable");
/** The disk's own failures (ENOSPC, EACCES) are the server's, not the zip's. */
const isSystemError = (err: unknown) =>
  typeof err === "object" && err !== null && "code" in err && String(err.code).startsWith("E");

/** Unpacks the first Shapefile's parts into `dir`; answers their paths by extension. */
export async function unzipParts(
  zipFile: string,
  dir: string,
  limits: UnzipLimits,
): Promise<Map<string, string>> {
  const zipBytes = (await stat(zipFile)).size;
  // The tighter of the two limits is the one a zip meets first.
  const byRatio = zipBytes * limits.maxRatio;
  const cap = Math.min(limits.maxBytes, byRatio);
  const tooLarge = () =>
    cap === limits.maxBytes
      ? new AppError(413, "zip_too_large", poleImportTexts.unzippedTooLarge(limits.maxBytes / 1048576))
      : new AppError(413, "zip_too_large", poleImportTexts.zipRatioTooHigh(limits.maxRatio));
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  ).catch(() => {
    throw unreadable();
  });
  const found = new Map<string, string>();
  let stem: string | null = null;
  let unpacked = 0;
  /** Counts every inflated byte and fails the copy at the first one past the cap. */
  const counter = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        unpacked += chunk.length;
        if (unpacked > cap) return done(tooLarge());
        done(null, chunk);
      },
    });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", () => reject(unreadable()));
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = path.posix.basename(entry.fileName);
        const ext = path.extname(name).toLowerCase();
        const base = name.slice(0, name.length - ext.length).toLowerCase();
        const wanted =
          WANTED.has(ext) && !entry.fileName.startsWith("__MACOSX/") && (stem === null || stem === base);
        if (!wanted || found.has(ext)) return zip.readEntry();
        // What the header says already: no byte of such a part is written.
        if (unpacked + entry.uncompressedSize > cap) return reject(tooLarge());
        if (ext === ".shp") stem = base;
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(unreadable());
          const target = path.join(dir, `part${ext}`);
          pipeline(stream, counter(), createWriteStream(target, { mode: 0o600 })).then(
            () => {
              found.set(ext, target);
              zip.readEntry();
            },
            (failure: Error) =>
              reject(failure instanceof AppError || isSystemError(failure) ? failure : unreadable()),
          );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  // Parts of another Shapefile read before the first .shp are not its own.
  return found;
}
