/**
 * Resumable uploads over a link that drops: a 50 MB batch (ten 5 MB photos, one user, so it fits
 * the personal 50 MB quota) sent with tus-js-client in 5 MB pieces through a proxy that cuts the
 * connection every 10 MB it has carried. Reported: the share of bytes the client sent twice
 * (everything the proxy carried to the server past the photos' own bytes, request headers
 * included), the drops, and the time; every photo must end stored.
 */
import net from "node:net";
import { rm } from "node:fs/promises";
import path from "node:path";
import { makePhoto, padJpeg } from "@poleatlas/shared/testing";
import { RESUMABLE_CHUNK_BYTES, resumableUploadResultSchema, storageUsageSchema } from "@poleatlas/shared";
import { Upload } from "tus-js-client";
import { smokeDatabaseEnv } from "./lib/bench-server";
import { benchServerEnv, signedInClient, switchBlurringOff } from "./lib/client";
import { makeDataDir, startServer } from "./lib/server";

export interface TusResult {
  photos: number;
  batchMB: number;
  dropEveryMB: number;
  drops: number;
  bytesCarried: number;
  /** (bytes carried − the photos' bytes) / the photos' bytes. */
  sentTwiceShare: number;
  seconds: number;
  stored: number;
}

/** A TCP proxy to `target` that ends every connection when its upstream total crosses another `every` bytes. */
async function droppingProxy(target: URL, every: number) {
  let carried = 0;
  let drops = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.once("close", () => open.delete(client));
    const upstream = net.connect(Number(target.port), target.hostname);
    let dropped = false;
    const cut = () => {
      drops += 1;
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      // Past the cut nothing more goes through: the rest of this connection is lost.
      if (dropped) return;
      const next = Math.floor((carried + chunk.length) / every);
      if (next > Math.floor(carried / every)) {
        const upTo = next * every - carried;
        carried += upTo;
        dropped = true;
        upstream.write(chunk.subarray(0, upTo), cut);
        return;
      }
      carried += chunk.length;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    carried: () => carried,
    drops: () => drops,
    // The client's kept-alive connections would hold close() until the server's keep-alive
    // timeout (5 s of nothing, after the measuring is over): they are cut instead.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

function send(endpoint: string, cookie: string, bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [0, 100, 500, 1000, 2000],
      storeFingerprintForResuming: false,
      headers: { cookie },
      metadata: { filename: name, filetype: "image/jpeg", lastModified: String(Date.now()) },
      onError: reject,
      onSuccess: () => (upload.url ? resolve(upload.url) : reject(new Error("no upload URL"))),
    });
    upload.start();
  });
}

/** `blurFaces` false sends the photos with face blurring off (the smoke's toy batch). */
export async function benchTus(
  photoMB = 5,
  photos = 10,
  dropEveryMB = 10,
  blurFaces = true,
): Promise<TusResult> {
  const dataDir = await makeDataDir("poleatlas-bench-tus-");
  const db = await smokeDatabaseEnv();
  const server = await startServer({
    dataDir: path.join(dataDir, "server"),
    env: { ...benchServerEnv, ...db.env },
  });
  const proxy = await droppingProxy(new URL(server.url), dropEveryMB * 1_000_000);
  try {
    const client = await signedInClient(server.url);
    if (!blurFaces) await switchBlurringOff(server.url, client.cookie);
    const files: Buffer[] = [];
    for (let i = 0; i < photos; i++) {
      const { bytes } = await makePhoto({ color: { r: i * 20, g: 40, b: 90 } });
      files.push(padJpeg(bytes, photoMB * 1_000_000));
    }
    const total = files.reduce((n, f) => n + f.length, 0);
    const t0 = performance.now();
    let stored = 0;
    // What the stored photos weigh: each loses the metadata it carried but the product reads.
    let storedBytes = 0;
    for (const [i, bytes] of files.entries()) {
      const url = await send(`${proxy.url}/api/uploads`, client.cookie, bytes, `batch-${i}.jpg`);
      // The outcome straight from the server (not through the dropping link).
      const res = await client.get(new URL(url).pathname);
      const body: unknown = await res.json();
      const outcome = resumableUploadResultSchema.safeParse(body);
      if (res.ok && outcome.success) {
        stored += 1;
        storedBytes += outcome.data.image.metadata.fileSize;
      } else console.error(`tus bench: batch-${i}.jpg answered ${res.status}`, body);
    }
    const seconds = (performance.now() - t0) / 1000;
    const usage = storageUsageSchema.parse(await (await client.get("/api/storage/usage")).json());
    if (stored !== photos || usage.usedBytes !== storedBytes || storedBytes > total) {
      throw new Error(
        `tus bench: ${stored}/${photos} stored, ${usage.usedBytes} bytes charged for ${storedBytes} stored of ${total} sent`,
      );
    }
    return {
      photos,
      batchMB: total / 1e6,
      dropEveryMB,
      drops: proxy.drops(),
      bytesCarried: proxy.carried(),
      sentTwiceShare: (proxy.carried() - total) / total,
      seconds,
      stored,
    };
  } finally {
    await proxy.close();
    await server.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
