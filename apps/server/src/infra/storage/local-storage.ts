import { constants as fsConstants, createReadStream } from "node:fs";
import { copyFile, link, mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, bucketMissing, ObjectExistsError, type Storage } from "./storage";

const isErrno = (err: unknown, code: string) =>
  typeof err === "object" && err !== null && "code" in err && err.code === code;

/** A folder per bucket under `rootDir` (default DATA_DIR/files): `<root>/<bucket>/<key>`. */
export function createLocalStorage(opts: { rootDir: string; bucket: string }): Storage {
  const bucketDir = path.join(opts.rootDir, opts.bucket);
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(bucketDir, ...key.split("/"));
  };

  return {
    kind: "local",

    async ensureBucket() {
      await mkdir(bucketDir, { recursive: true });
    },

    async put(key, sourcePath) {
      const dest = fileFor(key);
      // A bucket folder that vanished after start-up is an operator problem, not ours to hide.
      if (!(await stat(bucketDir).catch(() => null))?.isDirectory()) throw bucketMissing();
      await mkdir(path.dirname(dest), { recursive: true });
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
    },

    async serve(key) {
      const file = fileFor(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { kind: "stream", body: createReadStream(file), size: info.size };
    },

    async exists(key) {
      return (await stat(fileFor(key)).catch(() => null))?.isFile() ?? false;
    },

    async delete(key) {
      await unlink(fileFor(key)).catch((err: unknown) => {
        if (!isErrno(err, "ENOENT")) throw err;
      });
    },
  };
}
