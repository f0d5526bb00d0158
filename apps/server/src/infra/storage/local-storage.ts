import { constants as fsConstants, createReadStream } from "node:fs";
import { chmod, copyFile, link, mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, bucketMissing, ObjectExistsError, type Storage, type StoredObject } from "./storage";

const isErrno = (err: unknown, code: string) =>
  typeof err === "object" && err !== null && "code" in err && err.code === code;

/** Photos of infrastructure: only the server's own user may read them or list their folders. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** A folder per bucket under `rootDir` (default DATA_DIR/files): `<root>/<bucket>/<key>`. */
export function createLocalStorage(opts: { rootDir: string; bucket: string }): Storage {
  const bucketDir = path.join(opts.rootDir, opts.bucket);
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(bucketDir, ...key.split("/"));
  };

  async function checkBucket(): Promise<void> {
    // A bucket folder that vanished after start-up is an operator problem, not ours to hide.
    if (!(await stat(bucketDir).catch(() => null))?.isDirectory()) throw bucketMissing();
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      if (isErrno(err, "ENOENT")) return [];
      throw err;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const key = path.relative(bucketDir, full).split(path.sep).join("/");
      if (entry.isDirectory()) {
        // Only descend where keys with the prefix can be.
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(full, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(full).catch(() => null);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  return {
    kind: "local",

    async ensureBucket() {
      await mkdir(bucketDir, { recursive: true, mode: DIR_MODE });
      // A bucket made by an older version (0755) is closed too; a mount that refuses is left as is.
      await chmod(bucketDir, DIR_MODE).catch(() => {});
    },

    checkBucket,

    async put(key, sourcePath) {
      const dest = fileFor(key);
      await checkBucket();
      await mkdir(path.dirname(dest), { recursive: true, mode: DIR_MODE });
      try {
        // A hard link is atomic and fails if the name exists: no overwrite, no half-written file.
        await link(sourcePath, dest);
      } catch (err) {
        if (isErrno(err, "EEXIST")) throw new ObjectExistsError(key);
        if (!isErrno(err, "EXDEV") && !isErrno(err, "EPERM")) throw err;
        // Temp folder on another file system (or links not allowed): copy, still exclusive.
        try {
          await copyFile(sourcePath, dest, fsConstants.COPYFILE_EXCL);
        } catch (copyErr) {
          if (isErrno(copyErr, "EEXIST")) throw new ObjectExistsError(key);
          await unlink(dest).catch(() => {});
          throw copyErr;
        }
      }
      // The temp file's mode is whatever the umask gave it; stored photos are private.
      await chmod(dest, FILE_MODE);
    },

    async serve(key) {
      const file = fileFor(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      // Size and modification time, as static file servers do: a key is never written twice.
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      return { kind: "stream", body: createReadStream(file), size: info.size, etag };
    },

    async read(key) {
      const file = fileFor(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? createReadStream(file) : null;
    },

    list(prefix) {
      return walk(bucketDir, prefix);
    },

    async delete(key) {
      await unlink(fileFor(key)).catch((err: unknown) => {
        if (!isErrno(err, "ENOENT")) throw err;
      });
    },
  };
}
