/**
 * One photo POSTed to /api/images as multipart/form-data (a `lastModified` field, then the file),
 * the bytes a browser's FormData sends (the API tests' builder), made in memory before the clock
 * starts and written with node:http. The ingest bench's main client is Node's fetch + FormData,
 * which spent ~29 ms of CPU per 3.1 MB photo encoding the body through web streams (this one
 * ~1.5 ms) on the same 2 cores the server decodes on, where a real client is a phone or a laptop
 * elsewhere: this second pass shows how much of the figure that is.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { multipartBody } from "../../apps/server/test/helpers/multipart";

export type MultipartBody = ReturnType<typeof multipartBody>;

export async function fileBody(file: string): Promise<MultipartBody> {
  return multipartBody(await readFile(file), { lastModified: Date.now(), filename: path.basename(file) });
}

export function postBody(
  url: string,
  cookie: string,
  body: MultipartBody,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: { cookie, "content-type": body.contentType, "content-length": body.payload.length },
    });
    req.once("error", reject);
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once("error", reject);
    });
    req.end(body.payload);
  });
}
