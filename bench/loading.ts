/**
 * The loading check's method alone (no database, no HTTP): how many poles a second it checks under
 * the two default load cases, each pole with three attachments (a wire through, a wire dead-ended
 * at an angle, a transformer), and one pole's check. The wind direction is searched by whole
 * degrees, 360 tries a case. Wall and CPU time both (the machine may be shared). Run: `npx tsx bench/loading.ts [POLES]` (default 100,000).
 */
import { DEFAULT_LOAD_CASES, strengthOf, type Attachment } from "@poleatlas/shared";
import { loadingInputOf } from "../apps/server/src/modules/loading/loading-input";
import { checkLoading } from "../apps/server/src/modules/loading/loading-method";

const POLES = Number(process.argv[2] ?? 100_000);

function attachment(i: number, parts: Partial<Attachment>): Attachment {
  return {
    id: `a${i}`,
    pole_id: "p",
    kind: "primary",
    owner: null,
    height_m: 9,
    measurement_id: null,
    diameter_mm: 20,
    tension_kN: 10,
    spans: [],
    anchor_distance_m: null,
    bearing_deg: null,
    rated_kN: null,
    weight_kg: null,
    area_m2: null,
    version: 1,
    created_at: "",
    updated_at: null,
    ...parts,
  };
}

/** A pole a little different each time, so nothing is the same input twice. */
function pole(i: number) {
  const turn = (i * 7) % 360;
  const strength = strengthOf({
    height_m: 12.2,
    class: String(1 + (i % 7)),
    species: "southern_pine",
    groundline_circumference_m: 0.9 + (i % 10) / 50,
  });
  const attachments = [
    attachment(1, {
      spans: [
        { bearing_deg: turn, length_m: 40 + (i % 20) },
        { bearing_deg: (turn + 180) % 360, length_m: 45 },
      ],
    }),
    attachment(2, {
      kind: "communication",
      height_m: 6,
      diameter_mm: 15,
      spans: [{ bearing_deg: (turn + 75) % 360, length_m: 50 }],
    }),
    attachment(3, { kind: "transformer", height_m: 8.5, area_m2: 0.6, diameter_mm: null, tension_kN: null }),
  ];
  return loadingInputOf({ height_m: 12.2, strength }, attachments);
}

const inputs = Array.from({ length: POLES }, (_, i) => pole(i).input!);
let sink = 0;
// Warm the JIT on a tenth before timing.
for (const input of inputs.slice(0, POLES / 10)) sink += checkLoading(input, DEFAULT_LOAD_CASES).cases.length;
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
for (const input of inputs) sink += checkLoading(input, DEFAULT_LOAD_CASES).cases[0]!.utilization_pct;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
// The machine may be shared: CPU time says what the method costs, wall time what it took.
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
const one: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = process.hrtime.bigint();
  sink += checkLoading(pole(i).input!, DEFAULT_LOAD_CASES).cases.length;
  one.push(Number(process.hrtime.bigint() - t) / 1e6);
}
one.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      poles: POLES,
      cases: DEFAULT_LOAD_CASES.length,
      polesPerSecond: Math.round(POLES / seconds),
      polesPerCpuSecond: Math.round(POLES / cpuSeconds),
      onePoleMs: { p50: one[100], p99: one[198] },
      sink: sink > 0,
    },
    null,
    2,
  ),
);
