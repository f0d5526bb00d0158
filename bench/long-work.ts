/**
 * run.ts's rows for long work beside /api/health: a bulk change of findings, a visit history
 * import, a large region report and a large GPS track, each with the slowest health answer while
 * it ran (the security review's rule: within 1 s on this 2-core machine).
 */
import type { startSteps } from "./steps";

type Steps = ReturnType<typeof startSteps>;
const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
const health = (h: { healthP50Ms: number; healthMaxMs: number }) =>
  `/api/health p50 ${fmt(h.healthP50Ms, 0)} ms, max ${fmt(h.healthMaxMs, 0)} ms (target max ≤ 1,000 ms)`;

export async function longWorkRows(
  steps: Steps,
  want: (name: string) => boolean,
  results: Record<string, unknown>,
): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  if (want("findingsbulk")) {
    const b = await steps.findingsBulk();
    results.findingsBulk = b;
    const n = b.findings.toLocaleString("en-US");
    rows.push([`POST /api/findings/bulk, ${n} findings: assign`, `${fmt(b.assignMs, 0)} ms`]);
    rows.push([`POST /api/findings/bulk, ${n} findings: extend with a reason`, `${fmt(b.extendMs, 0)} ms`]);
    rows.push([`POST /api/findings/bulk, ${n} findings, both`, health(b)]);
  }
  if (want("visitimport")) {
    const v = await steps.visitImport();
    results.visitImport = v;
    rows.push([
      `POST /api/inspections/import, ${v.rows.toLocaleString("en-US")} rows (${fmt(v.fileMB)} MB)`,
      `${fmt(v.importMs / 1000)} s; ${health(v)}`,
    ]);
  }
  if (want("reporthealth")) {
    const r = await steps.reportHealth();
    results.reportHealth = r;
    rows.push([
      `region report, ${r.poles.toLocaleString("en-US")} poles, ${r.findings.toLocaleString("en-US")} findings`,
      `${fmt(r.reportMs / 1000)} s; ${health(r)}`,
    ]);
  }
  if (want("trackhealth")) {
    const t = await steps.trackHealth();
    results.trackHealth = t;
    const what = `GeoJSON track of ${t.points.toLocaleString("en-US")} points (${fmt(t.fileMB)} MB)`;
    rows.push([`${what}: POST /api/tracks`, `${fmt(t.uploadMs / 1000)} s; ${health(t.upload)}`]);
    rows.push([`${what}: placing a photo by it`, `${fmt(t.matchMs / 1000)} s; ${health(t.match)}`]);
  }
  return rows;
}
