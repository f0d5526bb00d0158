/**
 * uploadImage's time limits with a stand-in XMLHttpRequest (jsdom's sends nothing) and fake
 * timers: a stalled connection ends as a retryable network error instead of hanging for good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { createHash } from "node:crypto";
import { PHOTO_SHA256_HEADER } from "@poleatlas/shared";
import { ANSWER_WAIT_MS, fileSha256, STALL_MS, uploadImage } from "./upload-image";

class StubXhr {
  static last: StubXhr | null = null;
  readonly upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  onloadend?: () => void;
  status = 0;
  responseText = "";
  aborted = false;
  sent: FormData | null = null;
  constructor() {
    StubXhr.last = this;
  }
  headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(form: FormData) {
    this.sent = form;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

const photo = () => new File([new Uint8Array(10)], "p.jpg", { type: "image/jpeg", lastModified: 1 });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", StubXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("uploadImage", () => {
  it("gives up a connection that carries nothing for STALL_MS, as a network error (kept for a retry)", async () => {
    const result = uploadImage(photo());
    const caught = result.catch((e: unknown) => e);
    const xhr = StubXhr.last!;
    vi.advanceTimersByTime(STALL_MS - 1000);
    xhr.progress(5, 10); // bytes still going out: the limit starts again
    vi.advanceTimersByTime(STALL_MS - 1000);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(xhr.aborted).toBe(true);
    const err = await caught;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: "network_error" });
  });

  it("waits longer for the answer once every byte is out (the server decodes the photo)", () => {
    void uploadImage(photo()).catch(() => {});
    const xhr = StubXhr.last!;
    xhr.progress(10, 10);
    xhr.upload.onload?.();
    vi.advanceTimersByTime(STALL_MS + 1000);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(ANSWER_WAIT_MS);
    expect(xhr.aborted).toBe(true);
  });

  it("names whose and for which workspace a queued photo is, before the file", () => {
    void uploadImage(photo(), { meantFor: { userId: "u1", workspaceId: "team1" } }).catch(() => {});
    const fields = [...StubXhr.last!.sent!.keys()];
    expect(fields).toEqual(["lastModified", "timezoneOffset", "workspaceId", "uploaderId", "file"]);
    expect(StubXhr.last!.sent!.get("workspaceId")).toBe("team1");
    expect(StubXhr.last!.sent!.get("uploaderId")).toBe("u1");
  });

  it("names the bytes' SHA-256 in a header when it knows it, and sends none otherwise", async () => {
    vi.useRealTimers();
    const file = new File([new TextEncoder().encode("pole photo bytes")], "p.jpg", { type: "image/jpeg" });
    const sha = await fileSha256(file);
    expect(sha).toBe(createHash("sha256").update("pole photo bytes").digest("hex"));
    void uploadImage(file, { sha256: sha }).catch(() => {});
    expect(StubXhr.last!.headers).toEqual({ [PHOTO_SHA256_HEADER]: sha });
    void uploadImage(file).catch(() => {});
    expect(StubXhr.last!.headers).toEqual({});
  });
});
