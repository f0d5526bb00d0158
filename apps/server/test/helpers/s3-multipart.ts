/**
 * The three multipart calls s3rver lacks and the tus S3 store makes (S3 API reference, "ListParts",
 * "ListMultipartUploads", "AbortMultipartUpload"), answered from s3rver's own folder of uploads in
 * progress (`<bucket>/._S3rver_uploads/<uploadId>/`: `key`, then `<n>` and `<n>.md5` per part), so
 * the parts it stores are the ones listed. Test-only: real S3 and every S3-compatible server
 * answer these themselves.
 */
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

interface KoaContext {
  method: string;
  url: string;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>;

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function noSuchUpload(ctx: KoaContext, uploadId: string) {
  ctx.status = 404;
  ctx.type = "application/xml";
  ctx.body = xml(
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>` +
      `<UploadId>${esc(uploadId)}</UploadId></Error>`,
  );
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** Middleware for s3rver's Koa stack, placed before its router. */
export function multipartCalls(directory: string): Middleware {
  return async (ctx, next) => {
    const url = new URL(ctx.url, "http://s3rver.invalid");
    const [bucket = "", ...rest] = url.pathname.slice(1).split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const uploadsDir = path.join(directory, bucket, "._S3rver_uploads");
    const uploadId = url.searchParams.get("uploadId");

    if (ctx.method === "GET" && key === "" && url.searchParams.has("uploads")) {
      const prefix = url.searchParams.get("prefix") ?? "";
      const ids = await readdir(uploadsDir).catch(() => [] as string[]);
      const uploads: string[] = [];
      for (const id of ids.sort()) {
        const keyFile = path.join(uploadsDir, id, "key");
        const k = await readFile(keyFile, "utf8").catch(() => null);
        if (k === null || !k.startsWith(prefix)) continue;
        const initiated = (await stat(keyFile)).mtime.toISOString();
        uploads.push(
          `<Upload><Key>${esc(k)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        );
      }
      ctx.type = "application/xml";
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${esc(bucket)}</Bucket><Prefix>${esc(prefix)}</Prefix>` +
          `<IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`,
      );
      return;
    }

    if (key !== "" && uploadId !== null && (ctx.method === "GET" || ctx.method === "DELETE")) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      if (!(await exists(path.join(dir, "key")))) return noSuchUpload(ctx, uploadId);
      if (ctx.method === "DELETE") {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const numbers = (await readdir(dir))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b);
      const parts: string[] = [];
      for (const n of numbers) {
        const info = await stat(path.join(dir, String(n)));
        const md5 = await readFile(path.join(dir, `${n}.md5`), "utf8").catch(() => "");
        parts.push(
          `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
            `<ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`,
        );
      }
      ctx.type = "application/xml";
      ctx.body = xml(
        `<ListPartsResult><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key>` +
          `<UploadId>${esc(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
      );
      return;
    }
    return next();
  };
}
