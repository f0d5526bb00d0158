/**
 * POST /api/poles/:id/findings with measurement_id: a suggestion of a measurement added as a
 * finding, linked to the measurement and its photo; another pole's or another workspace's
 * measurement refused; deleting the measurement leaves the finding.
 */
import { measurementResponseSchema, measureTexts, poleTimelineSchema } from "@poleatlas/shared";
import { cameraLookingAt, project } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { keepPhotosAsSent } from "../helpers/uploads";
import { addFinding, get, send as sendFinding } from "../inspections/support";
import { placedPhoto } from "../poles/support";
import { measurablePhoto, send } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const camera = cameraLookingAt([0, 0, 0], { distance: 15, bearingDeg: 30, tiltDeg: 20, width: 1200 });
const at = (h: number) => project(camera, [0, 0, h]);
const body = {
  reference: [0, 2, 4, 6, 8].map((h) => ({ at: at(h), height_m: h })),
  points: [{ kind: "communication", label: "CATV", at: at(4.5) }],
};

async function measured(cookie: string) {
  const photo = await measurablePhoto(t, cookie, { width: camera.width, height: camera.height });
  const res = await send(t, cookie, "POST", `/api/images/${photo.id}/measurements`, body);
  expect(res.statusCode, res.body).toBe(201);
  return { photo, measurement: measurementResponseSchema.parse(res.json()).measurement };
}

beforeAll(async () => {
  await keepPhotosAsSent(t, owner.cookie);
  await keepPhotosAsSent(t, stranger.cookie);
});

describe("a finding added from a measurement", () => {
  it("is linked to the measurement and its photo, and outlives the measurement", async () => {
    const { photo, measurement } = await measured(owner.cookie);
    const [suggestion] = measurement.suggestions;
    const finding = await addFinding(t, owner.cookie, photo.pole_id!, {
      code: suggestion!.code,
      level: suggestion!.level,
      notes: suggestion!.reason,
      measurement_id: measurement.id,
    });
    expect(finding).toMatchObject({
      code: "clearance",
      level: 2,
      notes: suggestion!.reason,
      measurement_id: measurement.id,
      image_id: photo.id,
    });
    const record = poleTimelineSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${photo.pole_id}`)).json(),
    );
    expect(record.findings.map((f) => f.measurement_id)).toEqual([measurement.id]);

    const gone = await send(t, owner.cookie, "DELETE", `/api/measurements/${measurement.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const after = poleTimelineSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${photo.pole_id}`)).json(),
    );
    expect(after.findings.map((f) => [f.id, f.measurement_id, f.image_id])).toEqual([
      [finding.id, null, photo.id],
    ]);
  });

  it("refuses another pole's measurement (400) and another workspace's (404)", async () => {
    const { measurement } = await measured(owner.cookie);
    const elsewhere = await placedPhoto(t, owner.cookie, 46.1, 7.1);
    // A pole never measured: its answer says so.
    const fresh = poleTimelineSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${elsewhere.pole_id}`)).json(),
    );
    expect(fresh.pole.lean).toBeNull();
    const url = `/api/poles/${elsewhere.pole_id}/findings`;
    const otherPole = await sendFinding(t, owner.cookie, "POST", url, {
      code: "clearance",
      level: 2,
      measurement_id: measurement.id,
    });
    expect(otherPole.statusCode, otherPole.body).toBe(400);
    expect(otherPole.json()).toMatchObject({ message: measureTexts.measurementOfOtherPole });

    const theirs = await measured(stranger.cookie);
    const otherWorkspace = await sendFinding(
      t,
      owner.cookie,
      "POST",
      `/api/poles/${measurement.pole_id}/findings`,
      {
        code: "clearance",
        level: 2,
        measurement_id: theirs.measurement.id,
      },
    );
    expect(otherWorkspace.statusCode, otherWorkspace.body).toBe(404);
    expect(otherWorkspace.json()).toMatchObject({ message: measureTexts.measurementNotFound });

    // Nothing was added by either.
    const record = poleTimelineSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${measurement.pole_id}`)).json(),
    );
    expect(record.findings.filter((f) => f.measurement_id === measurement.id)).toEqual([]);
    const notAGuid = await sendFinding(t, owner.cookie, "POST", url, {
      code: "clearance",
      level: 2,
      measurement_id: "not-an-id",
    });
    expect(notAGuid.statusCode).toBe(400);
  });
});
