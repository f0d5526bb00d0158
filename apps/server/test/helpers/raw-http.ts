/**
 * Clients that misbehave the way phones do, on real sockets against a listening app: one that
 * sends a request and is gone a moment later, one that stops reading its answer, and a plain GET
 * that gives up after a while instead of hanging the test.
 */
import net from "node:net";

export interface RawRequest {
  method?: string;
  path: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Sent after the headers (Content-Length is set from it unless `headers` names one). */
  body?: Buffer | string;
}

function requestText(host: string, r: RawRequest): string {
  const headers: Record<string, string> = { host, connection: "close", ...r.headers };
  if (r.cookie) headers.cookie = r.cookie;
  if (r.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) {
    headers["content-length"] = String(Buffer.byteLength(r.body));
  }
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${r.method ?? "GET"} ${r.path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}

/** A socket that has sent `r` (the whole request unless `bodyBytes` cuts the body short). */
export function openRequest(baseUrl: string, r: RawRequest, bodyBytes?: number): Promise<net.Socket> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(requestText(url.host, r));
      if (r.body !== undefined) {
        const body = Buffer.from(r.body);
        socket.write(bodyBytes === undefined ? body : body.subarray(0, bodyBytes));
      }
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

/** Sends `r` and destroys the socket `afterMs` later (0: as soon as it is written). */
export async function sendAndVanish(
  baseUrl: string,
  r: RawRequest,
  afterMs = 0,
  bodyBytes?: number,
): Promise<void> {
  const socket = await openRequest(baseUrl, r, bodyBytes);
  socket.on("error", () => {});
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  socket.destroy();
}

/** Sends `r` and never reads the answer: the server's writes back up once the buffers are full. */
export async function stalledReader(baseUrl: string, r: RawRequest): Promise<net.Socket> {
  const socket = await openRequest(baseUrl, r);
  socket.pause();
  socket.on("error", () => {});
  return socket;
}

/** Reads the status line and headers of what `socket` is sent (then stops reading again). */
export function statusOf(socket: net.Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (m) {
        socket.off("data", onData);
        socket.pause();
        resolve(Number(m[1]));
      }
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error("closed before a status line")));
    socket.resume();
  });
}

/** GET with a deadline: the status and body, or "timeout" when no answer came in `timeoutMs`. */
export async function getWithin(
  baseUrl: string,
  path: string,
  cookie: string,
  timeoutMs: number,
): Promise<{ status: number; body: string } | "timeout"> {
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return "timeout";
    throw err;
  }
}
