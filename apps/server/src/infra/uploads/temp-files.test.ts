import { randomBytes } from "node:crypto";
import { mkdtemp, open, readdir, readFile, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { batchedWriter, createTempFiles, writeTemp } from "./temp-files";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "temp-files-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A real file handle that counts the writer's writes and closes (the only calls it makes). */
function counting() {
  const calls = { writes: 0, closes: 0 };
  const openFile = async (file: string): Promise<FileHandle> => {
    const h = await open(file, "wx", 0o600);
    const counted: Pick<FileHandle, "writev" | "close"> = {
      writev: (buffers) => {
        calls.writes += 1;
        return h.writev(buffers);
      },
      close: () => {
        calls.closes += 1;
        return h.close();
      },
    };
    return counted as FileHandle;
  };
  return { calls, openFile };
}

// 3 MB in the 64 KB chunks a request body arrives in, and an odd tail.
const chunks = () => [...Array.from({ length: 48 }, () => randomBytes(65_536)), randomBytes(1234)];

describe("batchedWriter", () => {
  it("writes every byte in order, a few large writes instead of one per chunk", async () => {
    const parts = chunks();
    const file = path.join(dir, "upload-a");
    const { calls, openFile } = counting();
    await pipeline(Readable.from(parts), batchedWriter(file, openFile));
    // Buffer.equals: vitest's toEqual walks 3 MB byte by byte for ~10 s.
    expect((await readFile(file)).equals(Buffer.concat(parts))).toBe(true);
    expect(calls.writes).toBeGreaterThan(0);
    expect(calls.writes).toBeLessThanOrEqual(4);
    expect(calls.closes).toBe(1);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("writes a body smaller than one batch, and an empty one", async () => {
    const small = randomBytes(1000);
    await pipeline(Readable.from([small]), batchedWriter(path.join(dir, "upload-b")));
    expect(await readFile(path.join(dir, "upload-b"))).toEqual(small);
    await pipeline(Readable.from([]), batchedWriter(path.join(dir, "upload-c")));
    expect((await stat(path.join(dir, "upload-c"))).size).toBe(0);
  });

  it("refuses a path that exists and leaves that file alone", async () => {
    const file = path.join(dir, "upload-d");
    await writeFile(file, "keep");
    await expect(pipeline(Readable.from([randomBytes(10)]), batchedWriter(file))).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(await readFile(file, "utf8")).toBe("keep");
  });

  it("fails when the disk refuses the file at close, and does not close it twice", async () => {
    const { calls, openFile } = counting();
    const refusingClose = async (file: string) => {
      const h = await openFile(file);
      const close = h.close.bind(h);
      return Object.assign(h, {
        close: async () => {
          await close();
          throw Object.assign(new Error("Disk quota exceeded"), { code: "EDQUOT" });
        },
      });
    };
    await expect(
      pipeline(Readable.from(chunks()), batchedWriter(path.join(dir, "upload-f"), refusingClose)),
    ).rejects.toMatchObject({ code: "EDQUOT" });
    expect(calls.closes).toBe(1);
  });

  it("fails instead of looping when the disk takes no bytes and reports no error", async () => {
    const { calls, openFile } = counting();
    const takingNothing = async (file: string) =>
      Object.assign(await openFile(file), {
        writev: (buffers: NodeJS.ArrayBufferView[]) => Promise.resolve({ bytesWritten: 0, buffers }),
      });
    await expect(
      pipeline(Readable.from(chunks()), batchedWriter(path.join(dir, "upload-g"), takingNothing)),
    ).rejects.toThrow(/could not write/);
    expect(calls.closes).toBe(1);
  });

  it("closes the file when the body breaks off", async () => {
    const { calls, openFile } = counting();
    const broken = new Readable({
      read() {
        this.push(randomBytes(65_536));
        this.destroy(new Error("aborted"));
      },
    });
    const writer = batchedWriter(path.join(dir, "upload-e"), openFile);
    const closed = new Promise((resolve) => writer.once("close", resolve));
    await expect(pipeline(broken, writer)).rejects.toThrow("aborted");
    await closed;
    expect(calls.closes).toBe(1);
  });
});

describe("writeTemp", () => {
  it("leaves no file when the body breaks off while the file is still being opened", async () => {
    const temp = createTempFiles(dir);
    // The disk answers the open only after the body has already failed.
    let openNow: () => void = () => {};
    let opened: Promise<unknown> = Promise.resolve();
    const slowOpen = (file: string) => {
      const handle = new Promise<void>((resolve) => (openNow = resolve)).then(() => open(file, "wx", 0o600));
      opened = handle;
      return handle;
    };
    const broken = new Readable({
      read() {
        this.destroy(new Error("aborted"));
        setTimeout(() => openNow(), 20);
      },
    });
    const file = await temp.newPath("upload");
    await expect(
      writeTemp({ ...temp, createWriteStream: (f) => batchedWriter(f, slowOpen) }, file, broken),
    ).rejects.toThrow("aborted");
    await opened;
    expect(await readdir(dir)).toEqual([]);
  });
});
