/**
 * A resumable upload nobody finishes is removed once it has received nothing for 24 hours: its
 * partial file and description leave the temp folder, its id answers 404, and the quota it held
 * is free again. The clock is the sweep's `now`, moved forward; nothing sleeps.
 */
import path from "node:path";
import { RESUMABLE_KEEP_MS, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { sweepAbandonedUploads } from "../../src/infra/uploads/abandoned-uploads";
import { RESUMABLE_DIR } from "../../src/infra/uploads/resumable-parts";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, offsetOf, patch } from "../helpers/tus";
import { listFiles, tmpDir } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);
const HOUR = 3600 * 1000;

const sweep = (hoursOn: number) =>
  sweepAbandonedUploads({
    db: t.db.database.db,
    tmpDir: tmpDir(t),
    keepMs: RESUMABLE_KEEP_MS,
    now: Date.now() + hoursOn * HOUR,
  });

describe("an abandoned resumable upload", () => {
  it("is kept for 24 hours after its last byte, then swept with the quota it held", async () => {
    const { bytes } = await makePhoto({ color: { r: 200, g: 10, b: 10 } });
    const { res, url } = await createUpload(t, user.cookie, STORAGE_QUOTA_BYTES);
    expect(res.statusCode).toBe(201);
    expect((await patch(t, user.cookie, url!, 0, bytes)).statusCode).toBe(204);
    const id = url!.split("/").pop()!;
    const partials = path.join(tmpDir(t), RESUMABLE_DIR);
    expect(await listFiles(partials)).toEqual([id, `${id}.json`]);
    // It holds the whole quota: nothing else may start meanwhile.
    expect((await createUpload(t, user.cookie, 1000)).res.statusCode).toBe(413);

    // A day less an hour later it may still be resumed.
    expect(await sweep(23)).toEqual([]);
    expect(await offsetOf(t, user.cookie, url!)).toEqual({ status: 200, offset: bytes.length });

    expect(await sweep(25)).toEqual([id]);
    expect(await listFiles(partials)).toEqual([]);
    expect((await offsetOf(t, user.cookie, url!)).status).toBe(404);
    expect((await t.app.inject({ url: url!, headers: { cookie: user.cookie } })).statusCode).toBe(404);
    expect((await createUpload(t, user.cookie, 1000)).res.statusCode).toBe(201);
  });
});
