/**
 * The bench's mode (full, `--quick`, `--smoke`; `--only=a,b` picks steps) and the steps that run in
 * every mode, each at its size there. In the smoke they all start at once, SMOKE_AT_ONCE of them
 * running together, so that one step's waits (a server starting, a browser behind an emulated slow
 * link, uploads over a link that drops) overlap another's work; run.ts still reads their results
 * in its order. A measured run starts each step when run.ts asks for it, alone, so no step's load
 * weighs on another's figures.
 */
import { benchApiScale } from "./api-scale";
import { benchExif } from "./exif";
import { benchExport } from "./export";
import { benchGeopackageExport } from "./export-geopackage";
import { benchFindingsBulk } from "./findings-bulk";
import { benchFindingsPage } from "./findings-page";
import { benchInspections } from "./inspections";
import { stepRunner } from "./lib/steps";
import { benchListLoad } from "./list-load";
import { benchOgc } from "./ogc";
import { benchPoleImport } from "./pole-import";
import { benchPoleRecord } from "./pole-record";
import { benchReportHealth } from "./report-health";
import { benchStartup } from "./startup";
import { benchTrackHealth } from "./track-health";
import { benchTus } from "./tus";
import { benchVisitImport } from "./visit-import";
import { benchWire } from "./wire";

export const smoke = process.argv.includes("--smoke");
export const quick = smoke || process.argv.includes("--quick");
/** A step's size in the full run, the quick run, and the smoke (toy sizes). */
export const bySize = <T>(full: T, short: T, toy: T): T => (smoke ? toy : quick ? short : full);
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
export const want = (name: string) => !only || only.includes(name);

/** A size an environment variable may set (for a loaded machine), else the full, quick or toy one. */
const sized = (name: string, full: number, short: number, toy: number) =>
  Number(process.env[name] ?? bySize(full, short, toy));

/** The inspections benches' workspace: its poles and findings (both benches seed the same one). */
const inspectionWorkspace = (): [poles: number, findings: number] => [
  sized("BENCH_INSPECTION_POLES", 1_000_000, 100_000, 1_000),
  sized("BENCH_INSPECTION_FINDINGS", 200_000, 20_000, 200),
];

/** Steps the smoke runs together: more than the 2 cores, since each spends much of its time waiting. */
const SMOKE_AT_ONCE = 3;

export const runner = stepRunner(SMOKE_AT_ONCE);

/** The steps, started (in the smoke) longest first; each a function giving its result. */
export function startSteps() {
  const step = <T>(name: string, label: string, run: () => Promise<T>) =>
    runner.ahead(smoke && want(name), label, run);
  const later = <T>(_name: string, label: string, run: () => Promise<T>) => runner.ahead(false, label, run);
  // OGC_BENCH_POLES chooses how many poles the workspace holds (1,000,000 unless set).
  const ogcPoles = Number(process.env.OGC_BENCH_POLES ?? bySize(1_000_000, 100_000, 500));
  return {
    // The smoke's toy photos go in with face blurring off: its engine would load for them alone.
    wire: step("wire", "wire", () => benchWire({ quick, blurFaces: !smoke })),
    tus: step("tus", "resumable uploads over a dropping link", () =>
      smoke ? benchTus(1, 3, 1, false) : benchTus(),
    ),
    startup: step("startup", "start-up", () => benchStartup()),
    ogc: step("ogc", `OGC layer, ${ogcPoles.toLocaleString("en-US")} poles`, () =>
      benchOgc(ogcPoles, bySize(50, 20, 3)),
    ),
    ogcPoles,
    exif: step("exif", "EXIF", () => benchExif(bySize([100, 1000], [100], [10]))),
    api: step("api", "API at scale", () =>
      benchApiScale(bySize([10_000, 100_000, 1_000_000], [10_000, 100_000], [1_000]), bySize(30, 10, 3)),
    ),
    inspections: step("inspections", "inspections", () =>
      benchInspections(...inspectionWorkspace(), bySize(30, 10, 3)),
    ),
    findingsPage: step("findingspage", "work list pages", () =>
      benchFindingsPage(...inspectionWorkspace(), bySize(30, 10, 3)),
    ),
    poleRecord: step("polerecord", "opening a pole record", () =>
      benchPoleRecord(...inspectionWorkspace(), bySize(100, 20, 5)),
    ),
    list: step("list", "list load", () => benchListLoad(bySize(100_000, 20_000, 500))),
    export: step("export", "export", () => benchExport(bySize(1_000_000, 100_000, 1_000))),
    gpkgExport: step("gpkgexport", "GeoPackage export", () =>
      benchGeopackageExport(sized("BENCH_GPKG_EXPORT_POLES", 1_000_000, 100_000, 500)),
    ),
    poleImport: step("poleimport", "pole register import", () =>
      benchPoleImport(bySize(1_000_000, 100_000, 1_000)),
    ),
    // Long work beside /api/health (the security review's 1 s): in the quick and full runs only,
    // started when asked for (run.ts never asks in the smoke).
    findingsBulk: later("findingsbulk", "bulk change of findings", () =>
      benchFindingsBulk(bySize(5_000, 1_000, 50)),
    ),
    visitImport: later("visitimport", "visit history import", () =>
      benchVisitImport(sized("BENCH_VISIT_ROWS", 226_000, 50_000, 500)),
    ),
    reportHealth: later("reporthealth", "region report beside /api/health", () =>
      benchReportHealth(sized("BENCH_REPORT_POLES", 200_000, 20_000, 500)),
    ),
    trackHealth: later("trackhealth", "GPS track beside /api/health", () =>
      benchTrackHealth(sized("BENCH_TRACK_POINTS", 430_000, 100_000, 1_000)),
    ),
  };
}
