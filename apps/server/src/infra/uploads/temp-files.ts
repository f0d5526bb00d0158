/**
 * The upload temp folder: request bodies and thumbnails live here until they are stored. The
 * folder is 0700 and each file 0600 (photos of infrastructure must not be readable by other
 * accounts on the machine); names start `upload-` or `thumb-` (`unzip-` for the folder a zipped
 * register is unpacked into), which the sweep of interrupted uploads (stale-uploads.ts) relies on.
 */
import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { chmod, mkdir, mkdtemp, open, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Writable, type Readable, type Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";

export type TempKind = "upload" | "thumb" | "blur" | "rendition" | "strip";

export interface TempFiles {
  /** A fresh path in the folder (created on first use); nothing is written yet. */
  newPath(kind: TempKind): Promise<string>;
  /** A new empty folder (0700) in the folder: the parts of one unpacked zip, or one export's files. */
  newDir(kind: "unzip" | "export"): Promise<string>;
  /** A new file at `file` (0600); fails when it exists. */
  createWriteStream(file: string): Writable;
  size(file: string): Promise<number>;
  /** The file as a Blob that reads lazily (the EXIF reader takes a few KB of it). */
  openBlob(file: string): Promise<Blob>;
  /** Removes the file; a missing one is no error. */
  remove(file: string): Promise<void>;
}

export const TEMP_DIR_MODE = 0o700;
export const TEMP_FILE_MODE = 0o600;

export function createTempFiles(dir: string): TempFiles {
  let ready: Promise<void> | null = null;
  const ensureDir = () => {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: TEMP_DIR_MODE });
      // mkdir leaves an existing folder's mode alone (and applies the umask): set it.
      await chmod(dir, TEMP_DIR_MODE);
    })().catch((err: unknown) => {
      ready = null; // try again on the next upload
      throw err;
    });
    return ready;
  };
  return {
    async newPath(kind) {
      await ensureDir();
      return path.join(dir, `${kind}-${randomUUID()}`);
    },
    async newDir(kind) {
      await ensureDir();
      // mkdtemp makes it 0700 whatever the umask.
      return mkdtemp(path.join(dir, `${kind}-`));
    },
    createWriteStream: (file) => batchedWriter(file),
    size: async (file) => (await stat(file)).size,
    openBlob: (file) => openAsBlob(file),
    async remove(file) {
      await unlink(file).catch((err: unknown) => {
        if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return;
        throw err;
      });
    },
  };
}

/**
 * Pipes `source` (through `through`) into a new temp file at `file`. On failure the file is gone
 * when this rejects: pipeline rejects as soon as one stream fails, while the writer may still be
 * opening the file, and a remove made then would run before the file exists.
 */
export async function writeTemp(
  temp: TempFiles,
  file: string,
  source: Readable,
  ...through: Transform[]
): Promise<void> {
  const writer = temp.createWriteStream(file);
  try {
    await pipeline([source, ...through, writer]);
  } catch (err) {
    writer.destroy();
    await finished(writer).catch(() => {});
    await temp.remove(file).catch(() => {});
    throw err;
  }
}

/** At least this much goes to the disk per write. */
const WRITE_BATCH = 1 << 20;

const openNew = (file: string) => open(file, "wx", TEMP_FILE_MODE);

/**
 * A new file (0600, fails when it exists) written in batches of WRITE_BATCH bytes: a request body
 * arrives in 64 KB chunks, and each write is a round trip through libuv's pool, which the
 * thumbnails also use (docs/benchmarks.md "Ingest"). `openFile` is for tests that count the writes.
 */
export function batchedWriter(file: string, openFile = openNew): Writable {
  let handle: FileHandle | null = null;
  let pending: Buffer[] = [];
  let bytes = 0;
  const flush = async () => {
    let batch = pending;
    pending = [];
    bytes = 0;
    while (batch.length > 0) {
      const { bytesWritten } = await handle!.writev(batch);
      // A disk that takes nothing and reports no error would loop here for ever.
      if (bytesWritten === 0) throw new Error(`could not write to ${file}`);
      batch = rest(batch, bytesWritten);
    }
  };
  return new Writable({
    construct(done) {
      openFile(file).then((h) => {
        handle = h;
        done();
      }, done);
    },
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      bytes += chunk.length;
      if (bytes < WRITE_BATCH) return done();
      flush().then(() => done(), done);
    },
    // Closed here, before 'finish': a write the disk refuses only at close (NFS, a full quota)
    // fails the upload instead of leaving it a short file.
    final(done) {
      flush()
        .then(() => {
          const h = handle!;
          handle = null;
          return h.close();
        })
        .then(() => done(), done);
    },
    destroy(err, done) {
      const h = handle;
      handle = null;
      if (!h) return done(err);
      h.close().then(
        () => done(err),
        (closeErr: Error) => done(err ?? closeErr),
      );
    },
  });
}

/** What a partial writev left of `batch`. */
function rest(batch: Buffer[], written: number): Buffer[] {
  const left: Buffer[] = [];
  for (const b of batch) {
    if (written >= b.length) {
      written -= b.length;
      continue;
    }
    left.push(written > 0 ? b.subarray(written) : b);
    written = 0;
  }
  return left;
}
