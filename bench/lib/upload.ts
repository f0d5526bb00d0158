/**
 * One photo POSTed to /api/images as multipart/form-data (a `lastModified` field, then the file),
 * the bytes a browser's FormData sends, streamed from disk with node:http. The ingest bench's main
 * client is Node's fetch + FormData, which spent ~29 ms of CPU per 3.1 MB photo encoding the body
 * through web streams (this one ~5 ms; both against a server that only drains the body) on the
 * same 2 cores the server decodes on: this second pass shows how much of the figure that is.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";

export async function postPhoto(
  url: string,
  cookie: string,
  file: string,
): Promise<{ status: number; body: string }> {
  const boundary = `----poleatlasbench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="lastModified"\r\n\r\n${Date.now()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(file);
  const req = http.request(url, {
    method: "POST",
    headers: {
      cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": head.length + size + tail.length,
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once("response", resolve);
    req.once("error", reject);
  });
  req.write(head);
  await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), req, { end: false });
  req.end(tail);
  const res = await answered;
  let body = "";
  for await (const chunk of res) body += String(chunk);
  return { status: res.statusCode ?? 0, body };
}
