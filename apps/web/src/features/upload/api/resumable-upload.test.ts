/**
 * uploadResumable against a stand-in tus server, with fake timers for its time limits: a stalled
 * connection ends as a retryable network error instead of holding the dialog or the queue for good.
 */
import { WORKSPACE_HEADER } from "@poleatlas/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { decodeMetadata, installFakeTus, type FakeTusServer } from "../test/fake-tus";
import { ANSWER_WAIT_MS, STALL_MS, uploadResumable } from "./resumable-upload";

const photo = (type = "image/jpeg") => new File([new Uint8Array(1000)], "p.jpg", { type, lastModified: 1 });

let tus: FakeTusServer;
beforeEach(() => {
  vi.useFakeTimers();
  tus = installFakeTus();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the stand-in server answer what it was sent (its answers come on later turns). */
const network = () => vi.advanceTimersByTimeAsync(1);

function settledState(promise: Promise<unknown>) {
  const state: { error?: unknown; done: boolean } = { done: false };
  promise.then(
    () => (state.done = true),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

describe("uploadResumable", () => {
  it("gives up a piece that carries nothing for STALL_MS, as a network error (kept for a retry)", async () => {
    tus.holdPatches();
    const state = settledState(uploadResumable(photo(), { retryDelays: [] }));
    await network();
    const piece = tus.heldPatch("p.jpg");
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    piece.progress(500); // bytes still going out: the limit starts again
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(piece.settled).toBe(true); // aborted
    expect(state.error).toBeInstanceOf(ApiError);
    expect(state.error).toMatchObject({ status: 0, code: "network_error" });
  });

  it("waits longer for the answer once the last byte is out (the server reads the photo first)", async () => {
    tus.holdPatches();
    const state = settledState(uploadResumable(photo(), { retryDelays: [] }));
    await network();
    tus.heldPatch("p.jpg").progress(1000);
    await vi.advanceTimersByTimeAsync(STALL_MS + 1000);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    expect(state.error).toMatchObject({ status: 0, code: "network_error" });
  });

  it("gives the question of what the photo became the answer's wait too", async () => {
    const state = settledState(uploadResumable(photo(), { retryDelays: [] }));
    for (let turn = 0; turn < 10 && tus.open().length === 0; turn += 1) await network();
    expect(tus.open()).toEqual(["p.jpg"]); // every byte is there; its GET waits
    expect(tus.received("p.jpg")).toBe(1000);
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1000);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.error).toMatchObject({ status: 0, code: "network_error" });
  });

  it("names whose and for which workspace a queued photo is, and declares a type the browser left out", async () => {
    void uploadResumable(photo(""), {
      meantFor: { userId: "u1", workspaceId: "team1" },
      retryDelays: [],
    }).catch(() => {});
    await network();
    const [creation] = tus.callsOf("p.jpg", "POST");
    const metadata = decodeMetadata(creation!.headers["upload-metadata"]);
    expect(metadata).toMatchObject({ filetype: "image/jpeg", workspaceId: "team1", uploaderId: "u1" });
    expect(creation!.headers[WORKSPACE_HEADER.toLowerCase()]).toBe("team1");
  });
});
