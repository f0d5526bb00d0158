/**
 * A stand-in for the server's tus endpoint (/api/uploads), installed as the browser's
 * XMLHttpRequest only: the dialog, its runner and tus-js-client run for real against it. It
 * answers the protocol as @tus/server does (creation 201 + Location, HEAD with Upload-Offset,
 * PATCH appending at the offset it holds, 409 on a wrong offset) on a later turn, like a network;
 * GET /api/uploads/:id (what the photo became) waits until the test says what to answer. A test
 * can refuse a step, hold PATCHes to show progress, or drop the link.
 */
import { vi } from "vitest";

type Handler = ((event?: unknown) => void) | null;
/** A server answer, or the link dropping before any answer came. */
export type TusReply = { status: number; body?: unknown } | "drop";

/** One request as the server saw it. */
export interface TusCall {
  method: string;
  path: string;
  /** The photo's name (from the creation's Upload-Metadata). */
  name: string;
  headers: Record<string, string>;
  /** Bytes in the body (a PATCH's piece). */
  size: number;
}

interface StoredUpload {
  id: string;
  name: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
}

const PATH = "/api/uploads";

/** A creation's Upload-Metadata, decoded. */
export function decodeMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (!key) continue;
    const bytes = Uint8Array.from(atob(value ?? ""), (c) => c.charCodeAt(0));
    out[key] = new TextDecoder().decode(bytes);
  }
  return out;
}

export class FakeTusXhr {
  static server: FakeTusServer;

  method = "";
  url = "";
  status = 0;
  responseText = "";
  settled = false;
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  body: Blob | null = null;
  call: TusCall | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: Blob | null = null) {
    this.body = body;
    FakeTusXhr.server.receive(this);
  }
  abort() {
    this.settle(() => this.onabort?.());
  }
  /** The browser's report that `loaded` bytes of the body went out. */
  progress(loaded: number) {
    if (this.settled) return;
    this.upload.onprogress?.({
      lengthComputable: true,
      loaded,
      total: this.body?.size ?? 0,
    } as ProgressEvent);
  }
  reply(status: number, body: unknown = "", headers: Record<string, string> = {}) {
    this.settle(() => {
      this.status = status;
      this.responseText = typeof body === "string" ? body : JSON.stringify(body);
      this.responseHeaders = Object.fromEntries(
        Object.entries({ "tus-resumable": "1.0.0", ...headers }).map(([k, v]) => [k.toLowerCase(), v]),
      );
      this.onload?.();
    });
  }
  drop() {
    this.settle(() => this.onerror?.(new ProgressEvent("error")));
  }
  private settle(fn: () => void) {
    if (this.settled) return;
    this.settled = true;
    fn();
  }
}

export class FakeTusServer {
  readonly calls: TusCall[] = [];
  private readonly uploads = new Map<string, StoredUpload>();
  private readonly creationRefusals = new Map<string, TusReply>();
  private readonly patchFaults = new Map<string, { atOffset: number; arrived: number; reply: TusReply }[]>();
  private readonly results = new Map<string, TusReply>();
  private readonly cut = new Map<string, number>();
  private readonly heldPatches = new Set<string>();
  private holdAllPatches = false;
  private readonly waiting: FakeTusXhr[] = [];
  private nextId = 0;

  /** Names in the order their first creation request came. */
  started(): string[] {
    return [...new Set(this.calls.filter((c) => c.method === "POST").map((c) => c.name))];
  }
  /** Names with a request the server has not answered yet (a held PATCH, a GET waiting). */
  open(): string[] {
    return [...new Set(this.waiting.filter((x) => !x.settled).map((x) => x.call!.name))];
  }
  /** Bytes the server holds of the name's latest upload. */
  received(name: string): number {
    return [...this.uploads.values()].filter((u) => u.name === name).at(-1)?.offset ?? 0;
  }
  /** The name's calls of one method. */
  callsOf(name: string, method?: string): TusCall[] {
    return this.calls.filter((c) => c.name === name && (!method || c.method === method));
  }

  /** The creation of `name` is answered with this (every time). */
  refuseCreation(name: string, reply: TusReply) {
    this.creationRefusals.set(name, reply);
  }
  /** The PATCH of `name` at `atOffset` keeps `arrived` of its bytes, then answers `reply` (once). */
  failPatch(name: string, atOffset: number, reply: TusReply, arrived = 0) {
    this.patchFaults.set(name, [...(this.patchFaults.get(name) ?? []), { atOffset, arrived, reply }]);
  }
  /** Every request about `name` meets a dropped link, once the server holds `fromOffset` bytes. */
  cutOff(name: string, fromOffset = 0) {
    this.cut.set(name, fromOffset);
  }
  /** The link for `name` is back. */
  reconnect(name: string) {
    this.cut.delete(name);
  }
  /** PATCHes (of `name`, or of every photo) wait for the test: progress, then release. */
  holdPatches(name?: string) {
    if (name) this.heldPatches.add(name);
    else this.holdAllPatches = true;
  }
  /** The held PATCH of `name`. */
  heldPatch(name: string): FakeTusXhr {
    const xhr = this.waiting.find((x) => !x.settled && x.call?.name === name && x.method === "PATCH");
    if (!xhr) throw new Error(`no held PATCH for ${name}; open: ${this.open().join(", ")}`);
    return xhr;
  }
  /** Lets the held PATCH of `name` (and the ones after it) through. */
  release(name: string) {
    this.heldPatches.delete(name);
    const xhr = this.heldPatch(name);
    this.later(() => this.patch(xhr));
  }
  /** What GET /api/uploads/:id of `name` answers: the photo (200) or the server's error. */
  answer(name: string, status: number, body: unknown) {
    this.results.set(name, { status, body });
    for (const xhr of this.waiting.filter((x) => !x.settled && x.call?.name === name && x.method === "GET")) {
      this.later(() => xhr.reply(status, body));
    }
  }

  receive(xhr: FakeTusXhr) {
    const url = new URL(xhr.url, window.location.href);
    const id = url.pathname.startsWith(`${PATH}/`) ? url.pathname.slice(PATH.length + 1) : null;
    const upload = id ? this.uploads.get(id) : undefined;
    const metadata = decodeMetadata(xhr.headers["upload-metadata"]);
    const name = upload?.name ?? metadata.filename ?? "";
    xhr.call = {
      method: xhr.method,
      path: url.pathname,
      name,
      headers: xhr.headers,
      size: xhr.body?.size ?? 0,
    };
    this.calls.push(xhr.call);
    const cutFrom = this.cut.get(name);
    if (cutFrom !== undefined && (upload?.offset ?? 0) >= cutFrom) return this.later(() => xhr.drop());
    if (xhr.method === "POST" && url.pathname === PATH) return this.later(() => this.create(xhr, metadata));
    if (!upload) return this.later(() => xhr.reply(404, { code: "not_found", message: "Upload not found" }));
    if (xhr.method === "DELETE") {
      this.uploads.delete(upload.id);
      return this.later(() => xhr.reply(204, ""));
    }
    if (xhr.method === "HEAD") {
      const headers = { "upload-offset": String(upload.offset), "upload-length": String(upload.length) };
      return this.later(() => xhr.reply(200, "", headers));
    }
    if (xhr.method === "PATCH") {
      if (this.holdAllPatches || this.heldPatches.has(name)) {
        this.waiting.push(xhr);
        return;
      }
      return this.later(() => this.patch(xhr));
    }
    if (xhr.method === "GET") {
      const result = this.results.get(name);
      if (result) return this.later(() => this.send(xhr, result));
      this.waiting.push(xhr);
      return;
    }
    this.later(() => xhr.reply(405, ""));
  }

  private create(xhr: FakeTusXhr, metadata: Record<string, string>) {
    const refusal = this.creationRefusals.get(metadata.filename ?? "");
    if (refusal) return this.send(xhr, refusal);
    this.nextId += 1;
    const id = `0b7c2d3e-0000-4000-8000-${String(this.nextId).padStart(12, "0")}`;
    const length = Number(xhr.headers["upload-length"]);
    this.uploads.set(id, { id, name: metadata.filename ?? "", length, offset: 0, metadata });
    xhr.reply(201, "", { location: `${PATH}/${id}` });
  }

  private patch(xhr: FakeTusXhr) {
    const upload = this.uploads.get(xhr.call!.path.slice(PATH.length + 1))!;
    const offset = Number(xhr.headers["upload-offset"]);
    if (offset !== upload.offset) return xhr.reply(409, "Upload-Offset conflict");
    const faults = this.patchFaults.get(upload.name) ?? [];
    const fault = faults.find((f) => f.atOffset === offset);
    if (fault) {
      faults.splice(faults.indexOf(fault), 1);
      upload.offset += fault.arrived;
      if (fault.arrived > 0) xhr.progress(fault.arrived);
      return this.send(xhr, fault.reply);
    }
    const size = xhr.body?.size ?? 0;
    xhr.progress(size);
    upload.offset += size;
    xhr.reply(204, "", { "upload-offset": String(upload.offset) });
  }

  private send(xhr: FakeTusXhr, reply: TusReply) {
    if (reply === "drop") xhr.drop();
    else xhr.reply(reply.status, reply.body ?? "");
  }

  /** On a later turn, as a network answers: the client's own code runs to its end first. */
  private later(fn: () => void) {
    setTimeout(fn, 0);
  }
}

/** A fresh server behind a stand-in XMLHttpRequest; undo with vi.unstubAllGlobals(). */
export function installFakeTus(): FakeTusServer {
  const server = new FakeTusServer();
  FakeTusXhr.server = server;
  vi.stubGlobal("XMLHttpRequest", FakeTusXhr);
  return server;
}
