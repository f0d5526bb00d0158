/**
 * The pole record and the region report say which inspection type is due: a pole patrolled in
 * 2021 (2-year cycle) and given a detailed inspection today is overdue for its patrol, 1,186 days
 * (2023-09-08 to 2026-12-07, worked by hand: 366 + 365 + 365 + 90), whatever the detailed visit
 * says; the record has one line per type of the programme, the report names the type.
 */
import { poleTimelineSchema, regionKey } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { pdfText } from "./pdf-tools";
import { get } from "./support";
import { recordVisit } from "./visit-support";

const t = useTestApp({}, { today: () => "2026-12-07" });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

describe("the inspection state by type", () => {
  it("gives each type's last visit, due day and lateness, and the report names the type due", async () => {
    const photo = await placedPhoto(t, user.cookie, 37.78081, -122.408);
    const pole = photo.pole_id!;
    await recordVisit(t, user.cookie, pole, { type: "patrol", inspected_on: "2021-09-08" });
    await recordVisit(t, user.cookie, pole, { type: "detailed", inspected_on: "2026-12-07" });

    const res = await get(t, user.cookie, `/api/poles/${pole}`);
    expect(res.statusCode, res.body).toBe(200);
    const { inspection } = poleTimelineSchema.parse(res.json()).pole;
    expect(inspection).toMatchObject({
      state: "overdue",
      dueOn: "2023-09-08",
      lastInspectedOn: "2026-12-07",
    });
    expect(inspection.types).toEqual([
      {
        type: "patrol",
        name: "Patrol",
        cycleYears: 2,
        lastInspectedOn: "2021-09-08",
        dueOn: "2023-09-08",
        state: "overdue",
        daysLate: 1186,
      },
      {
        type: "detailed",
        name: "Detailed",
        cycleYears: 5,
        lastInspectedOn: "2026-12-07",
        dueOn: "2031-12-07",
        state: "current",
        // Five calendar years with 29 February 2028 in them.
        daysLate: -1826,
      },
      {
        type: "intrusive",
        name: "Intrusive",
        cycleYears: 10,
        lastInspectedOn: null,
        dueOn: null,
        state: "never",
        daysLate: null,
      },
    ]);
    expect((await get(t, stranger.cookie, `/api/poles/${pole}`)).statusCode).toBe(404);

    const pdf = await get(t, user.cookie, `/api/reports/region/${regionKey(-122.408, 37.78081)}.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const due = text.slice(
      text.indexOf("Poles due for inspection"),
      text.indexOf("Poles with no inspection"),
    );
    expect(due.replace(/\s+/g, " ")).toMatch(/Patrol 2021-09-08 2023-09-08 1186/);
  });
});
