/**
 * `npm run bench` (full) or `npm run bench -- --quick` (about a minute): measures what users feel
 * and writes bench/results/latest.json (git-ignored: a run never changes a tracked file; the
 * figures worth keeping are quoted in docs/benchmarks.md, which explains each one).
 * `--smoke` (`npm run bench:smoke`, a tier of `npm test`) runs the quick bench's steps at toy
 * sizes: its figures mean nothing, but a step that no longer runs to its end fails it.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FINDINGS_PAGE_QUERIES } from "./findings-page";
import { ANNUAL_REPORT_YEAR } from "./inspections";
import { benchFaces } from "./faces";
import { benchGlobe } from "./globe";
import { benchHeic } from "./heic";
import { benchIngest } from "./ingest";
import { shareOnePostgres, stopSharedPostgres } from "./lib/bench-server";
import { closeSharedChromium, shareOneChromium } from "./lib/chromium";
import { repoRoot } from "./lib/server";
import { longWorkRows } from "./long-work";
import { bySize, quick, runner, smoke, startSteps, want } from "./steps";

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
/** A latency's p50 and p95, as the table shows them. */
const latency = (x: { p50Ms: number; p95Ms: number }) =>
  `p50 ${fmt(x.p50Ms, 1)} ms, p95 ${fmt(x.p95Ms, 1)} ms`;
const workspaceOf = (r: { poles: number; findings: number }) =>
  `${r.poles.toLocaleString("en-US")} poles, ${r.findings.toLocaleString("en-US")} findings`;

async function main() {
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    mode: smoke ? "smoke" : quick ? "quick" : "full",
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
  };
  const rows: [string, string][] = [];
  if (smoke) {
    shareOnePostgres();
    shareOneChromium();
  }
  const { timed, times, lines: timeLines } = runner;
  const steps = startSteps();

  if (want("startup")) {
    const s = await steps.startup();
    results.startup = s;
    rows.push(["start-up, fresh data dir (spawn → first 200 /api/health)", `${fmt(s.firstRunMs, 0)} ms`]);
    rows.push(["start-up, existing data dir", `${fmt(s.secondRunMs, 0)} ms`]);
  }

  if (want("ogc")) {
    const poles = steps.ogcPoles;
    const o = await steps.ogc();
    results.ogc = o;
    rows.push([
      `OGC bbox page of ${o.featuresPerPage} poles out of ${poles.toLocaleString("en-US")}`,
      `p50 ${fmt(o.p50Ms)} ms, p95 ${fmt(o.p95Ms)} ms, ${fmt(o.bytes / 1024)} KiB (target p50 ≤ 100 ms)`,
    ]);
  }

  if (want("exif")) {
    const e = await steps.exif();
    results.exif = e;
    for (const r of e) {
      rows.push([
        `EXIF, ${r.files} files (${fmt(r.bytesPerFile / 1e6)} MB each), Node`,
        `${fmt(r.nodeFilesPerSec, 0)} files/s`,
      ]);
      rows.push([
        `EXIF, ${r.files} files, Chromium (Blobs)`,
        `${fmt(r.chromiumFilesPerSec, 0)} files/s one by one, ` +
          `${fmt(r.chromiumBatchedFilesPerSec, 0)} in the upload dialog's batches (target ≥ 1,000)`,
      ]);
    }
  }

  // Ingest makes 12 MP photos and uploads them five times over: a quarter of the smoke's time for
  // an upload path the API tests already run end to end; it, too, is left to the quick bench.
  if (want("ingest") && !smoke) {
    const r = await timed("ingest", () => benchIngest(quick ? 8 : 24, 4));
    results.ingest = r;
    const label = `ingest, ${r.photos} × ${fmt(r.mbPerPhoto)} MB 12 MP JPEGs, ${r.parallel} in parallel`;
    rows.push([`${label}: upload`, `${fmt(r.uploadMBps)} MB/s, ${fmt(r.uploadPhotosPerSec)} photos/s`]);
    rows.push([`${label}: raw copy on the same disk`, `${fmt(r.rawCopyMBps)} MB/s`]);
    rows.push([`${label}: upload / raw copy`, `${fmt(r.ratioUploadToRawCopy, 3)} (target ≥ 0.8)`]);
    rows.push([`${label}: sharp thumbnails alone`, `${fmt(r.thumbnailsPerSec)} photos/s`]);
    rows.push([
      `${label}: upload / sharp thumbnails alone`,
      `${fmt(r.uploadPhotosPerSec / r.thumbnailsPerSec, 3)} (target ≥ 0.75)`,
    ]);
    const lean = (rate: number) =>
      `${fmt(rate)} photos/s, ${fmt(rate / r.thumbnailsPerSec, 3)} of sharp alone`;
    rows.push([`${label}: upload, lean node:http client`, lean(r.uploadPhotosPerSecLeanClient)]);
    rows.push([
      `${label}: upload, lean client, face blurring off`,
      lean(r.uploadPhotosPerSecLeanClientBlurOff),
    ]);
    rows.push([`${label}: face blurring on / off`, `${fmt(r.ratioBlurOnToOff, 3)} (target ≥ 0.6)`]);
    rows.push([`${label}: floor (receive + thumbnail only), lean client`, lean(r.floorPhotosPerSec)]);
  }

  if (want("api")) {
    const scale = await steps.api();
    results.apiScale = scale;
    const t = (x: { p50Ms: number; p95Ms: number; bytes: number }) =>
      `p50 ${fmt(x.p50Ms)} ms, p95 ${fmt(x.p95Ms)} ms, ${fmt(x.bytes / 1024)} KiB`;
    for (const r of scale) {
      const n = r.rows.toLocaleString("en-US");
      rows.push([
        `${n} rows: GET /api/regions`,
        `${t(r.regions)}${r.rows === 1_000_000 ? " (target p50 ≤ 100 ms)" : ""}`,
      ]);
      rows.push([`${n} rows: GET /api/images?region (${r.regionImages.photos} photos)`, t(r.regionImages)]);
      rows.push([`${n} rows: GET /api/storage/usage`, t(r.usage)]);
      rows.push([`${n} rows: GET /api/images (first page of 1,000)`, t(r.listAll)]);
      const wire = (x: {
        p50Ms: number;
        p95Ms: number;
        bytes: number;
        decodedBytes: number;
        encoding: string;
      }) =>
        `p50 ${fmt(x.p50Ms)} ms, p95 ${fmt(x.p95Ms)} ms, ${fmt(x.bytes / 1024)} KiB ${x.encoding} (${fmt(x.decodedBytes / 1024)} KiB decoded)`;
      rows.push([
        `${n} rows: GET /api/poles?region (grid region, ${r.regionPolesGrid.poles} poles)`,
        wire(r.regionPolesGrid),
      ]);
      if (r.regionPoles.region === "dense") {
        rows.push([
          `GET /api/poles?region (dense region, ${r.regionPoles.poles.toLocaleString("en-US")} poles; beside ${n} rows)`,
          `${wire(r.regionPoles)} (target p50 ≤ 300 ms, ≤ 1.5 MB)`,
        ]);
      }
      rows.push([
        `${n} poles: the pole rule for a new photo (SQL)`,
        `p50 ${fmt(r.assignPole.p50Ms, 2)} ms, p95 ${fmt(r.assignPole.p95Ms, 2)} ms`,
      ]);
    }
  }

  if (want("inspections")) {
    const r = await steps.inspections();
    results.inspections = r;
    const at = workspaceOf(r);
    rows.push([`${at}: seeding in SQL, every trigger`, `${fmt(r.seedSeconds, 1)} s`]);
    rows.push([`${at}: GET /api/regions`, `${latency(r.regions)} (target p50 ≤ 100 ms)`]);
    rows.push([
      `${at}: GET /api/findings?overdue=true&limit=100`,
      `${latency(r.overdue)} (target p50 ≤ 100 ms)`,
    ]);
    rows.push([`${at}: the work list's first page`, `${latency(r.workListFirstPage)} (target ≤ 300 ms)`]);
    rows.push([
      `${at}: region report of ${r.reportFindings.toLocaleString("en-US")} findings (${fmt(r.regionReport.bytes / 1024, 0)} KiB PDF)`,
      `${latency(r.regionReport)} (target ≤ 5 s)`,
    ]);
    for (const [format, x] of [
      ["PDF", r.annualReportPdf],
      ["CSV", r.annualReportCsv],
    ] as const) {
      rows.push([
        `${at}, ${fmt(r.visits, 0)} visits: annual report ${ANNUAL_REPORT_YEAR} (${format}, ${fmt(x.bytes / 1024, 0)} KiB)`,
        latency(x),
      ]);
    }
  }

  if (want("findingspage")) {
    const r = await steps.findingsPage();
    results.findingsPage = r;
    const at = workspaceOf(r);
    for (const [name, x] of Object.entries(r.pages)) {
      const query = FINDINGS_PAGE_QUERIES[name] ?? `${FINDINGS_PAGE_QUERIES.level1}, its second page`;
      const target = name.startsWith("level1") ? " (target p50 ≤ 100 ms)" : "";
      rows.push([`${at}: GET /api/findings?${query}`, `${latency(x)}, ${x.rows} rows${target}`]);
    }
  }

  if (want("polerecord")) {
    const r = await steps.poleRecord();
    results.poleRecord = r;
    const at = `${workspaceOf(r)}, ${fmt(r.visits, 0)} visits, ${fmt(r.auditEntries, 0)} audit entries`;
    rows.push([
      `${at}: opening a pole record, ${r.runs} random poles`,
      `${latency(r.open)} (target p50 ≤ 100 ms)`,
    ]);
    for (const [name, x] of Object.entries(r.requests)) {
      rows.push([`${at}: the record's ${name} request`, `${latency(x)}, ${fmt(x.bytes / 1024)} KiB`]);
    }
    if (r.absent.length > 0) rows.push([`${at}: requests this server has no route for`, r.absent.join(", ")]);
  }

  if (want("list")) {
    const l = await steps.list();
    results.listLoad = l;
    const label = `${l.parallelCalls} parallel GET /api/images by one user (${l.rows.toLocaleString("en-US")} rows, ${fmt(l.pageBytes / 1024)} KiB pages)`;
    rows.push([`${label}: server RSS`, `${fmt(l.rssBeforeMB, 0)} MB before, ${fmt(l.rssPeakMB, 0)} MB peak`]);
    rows.push([`${label}: burst`, `${fmt(l.burstMs, 0)} ms`]);
    rows.push([
      `${label}: another user's GET /api/images`,
      `p50 ${fmt(l.otherUser.duringP50Ms)} ms, p95 ${fmt(l.otherUser.duringP95Ms)} ms (quiet: p50 ${fmt(l.otherUser.baselineP50Ms)} ms)`,
    ]);
  }

  if (want("export")) {
    const x = await steps.export();
    results.export = x;
    for (const r of x.runs) {
      rows.push([
        `${x.rows.toLocaleString("en-US")} rows: GET /api/export?format=${r.format} (${fmt(r.bytes / 2 ** 20, 0)} MB)`,
        `${fmt(r.rowsPerSec, 0)} rows/s, server RSS +${fmt(r.rssGrowthMB, 0)} MB (target ≥ 20,000 rows/s, < 200 MB)`,
      ]);
    }
  }

  if (want("gpkgexport")) {
    const g = await steps.gpkgExport();
    results.gpkgExport = g;
    rows.push([
      `${g.rows.toLocaleString("en-US")} poles: GET /api/export?layer=poles&format=gpkg&crs=EPSG:2227 (${fmt(g.bytes / 2 ** 20, 0)} MB)`,
      `${fmt(g.rowsPerSec, 0)} rows/s, server RSS +${fmt(g.rssGrowthMB, 0)} MB (target ≥ 20,000 rows/s, < 200 MB)`,
    ]);
    rows.push([
      `${g.rows.toLocaleString("en-US")} poles: the same as CSV`,
      `${fmt(g.csvRowsPerSec, 0)} rows/s`,
    ]);
  }

  if (want("poleimport")) {
    const p = await steps.poleImport();
    results.poleImport = p;
    rows.push([
      `${p.rows.toLocaleString("en-US")}-row CSV in EPSG:2227: POST /api/poles/import (${fmt(p.fileMB, 0)} MB)`,
      `${fmt(p.rowsPerSec, 0)} rows/s, server RSS +${fmt(p.rssGrowthMB, 0)} MB (target ≥ 20,000 rows/s, < 200 MB)`,
    ]);
  }

  if (!smoke) rows.push(...(await longWorkRows(steps, want, results)));

  // The globe's and the face detector's steps cost more than the smoke's budget even at their
  // quick sizes (a browser drawing 100k markers, 12 MP scans): they run in the quick bench only.
  if (want("globe") && !smoke) {
    const g = await timed("globe", () => benchGlobe({ quick }));
    results.globe = g;
    const where = `${g.canvas.width}×${g.canvas.height}${g.softwareRendering ? ", software WebGL" : ""}`;
    for (const sc of g.scenarios) {
      rows.push([
        `globe (${where}): ${sc.name}, ${sc.camera}`,
        `draw ${fmt(sc.drawMs)} ms (×${fmt(sc.drawRatio, 2)}), frame ${fmt(sc.frame.meanMs)} ms (×${fmt(sc.frameRatio, 2)} the empty globe)` +
          (sc.drawn === undefined ? "" : `, ${sc.drawn.toLocaleString("en-US")} drawn`),
      ]);
    }
    rows.push([
      `globe: picking with ${g.pick.markers.toLocaleString("en-US")} photo markers`,
      `p50 ${fmt(g.pick.p50Ms)} ms, p95 ${fmt(g.pick.p95Ms)} ms (empty globe p50 ${fmt(g.pick.emptyGlobeP50Ms)} ms), ` +
        `${g.pick.exactHits}/${g.pick.picks} found the marker aimed at`,
    ]);
    const z = (f: { p50Ms: number; p95Ms: number; maxMs: number }) =>
      `p50 ${fmt(f.p50Ms)} ms, p95 ${fmt(f.p95Ms)} ms, max ${fmt(f.maxMs)} ms`;
    rows.push([
      `globe: frames of a zoom in and out over 100k photo markers (region view)`,
      `${z(g.zoom.markers)} (no markers: ${z(g.zoom.empty)})`,
    ]);
    rows.push([
      `globe target: ${g.target.what}`,
      `×${fmt(g.target.frameRatio, 2)} (100k poles), ×${fmt(g.target.regionFrameRatio, 2)} (10k regions) — ${g.target.met ? "met" : "missed"}`,
    ]);
  }

  if (want("wire")) {
    const w = await steps.wire();
    results.wire = w;
    const link = `cold, ${w.link.downloadMbit} Mbit/s down, ${w.link.latencyMs} ms`;
    rows.push([
      `wire: /login until its form shows (${link})`,
      `${fmt(w.loginKB, 0)} KB, ${fmt(w.loginMs10Mbit, 0)} ms (target ≤ 250 KB)`,
    ]);
    rows.push([
      `wire: /map signed in until the regions are drawn (${link})`,
      `${fmt(w.mapKB, 0)} KB (target ≤ 1,600 KB)`,
    ]);
    rows.push([
      `wire: /map time to regions drawn (${link})`,
      `${fmt(w.mapMs10Mbit, 0)} ms (target ≤ 3,000 ms)`,
    ]);
  }

  if (want("heic")) {
    // 12 MP as an iPhone takes it; the quick run has one warm run, the smoke a toy photo.
    const size = smoke ? { width: 320, height: 240 } : { width: 4032, height: 3024 };
    const h = await timed("HEIC rendition", () => benchHeic({ ...size, runs: bySize(3, 1, 1) }));
    results.heic = h;
    rows.push([
      `HEIC ${fmt(h.megapixels)} MP → JPEG rendition + thumbnail (warm, median of ${h.runs}; target ≤ 1,500 ms)`,
      `${fmt(h.warmMs, 0)} ms (${fmt(h.warmCpuMs, 0)} CPU ms; first ${fmt(h.firstMs, 0)} ms)`,
    ]);
  }

  if (want("faces") && !smoke) {
    const f = await timed("face blurring", () => benchFaces(quick));
    results.faces = f;
    for (const t of f.thresholds) {
      rows.push([
        `faces: ${t.detector === "upload" ? "" : "face-api's own pass, "}input ${t.inputSize}, threshold ${t.threshold} (${f.facesPlaced} faces, ${f.photosWithoutFaces} photos without)`,
        `recall ${fmt(t.recall * 100, 0)} %, ${fmt(t.falseBoxesPerPhoto, 2)} false boxes/photo`,
      ]);
    }
    rows.push(["faces: 12 MP thumbnail alone (blurring off)", `${fmt(f.thumbnailOnlyPerSec)} photos/s`]);
    rows.push([
      "faces: scan + thumbnail, no face (blurring on)",
      `${fmt(f.scanAndThumbnailNoFacePerSec)} photos/s = ${fmt(f.ratioOnToOffNoFace, 2)} of off (target ≥ 0.6)`,
    ]);
    rows.push([
      "faces: the same from CPU ms per photo (off / on)",
      `${fmt(f.cpuMsPerPhoto.thumbnailOnly, 0)} / ${fmt(f.cpuMsPerPhoto.scanAndThumbnail, 0)} ms = ${fmt(f.cpuRatioOnToOffNoFace, 2)} of off`,
    ]);
    rows.push([
      "faces: scan with face-api's own pass + thumbnail, no face (before)",
      `${fmt(f.scanAndThumbnailFaceApiPerSec)} photos/s = ${fmt(f.scanAndThumbnailFaceApiPerSec / f.thumbnailOnlyPerSec, 2)} of off; ${fmt(f.cpuMsPerPhoto.scanAndThumbnailFaceApi, 0)} CPU ms`,
    ]);
    for (const [name, d] of Object.entries(f.detectorMsPerPhoto)) {
      rows.push([
        `faces: detector alone, 416 × 312 (${name === "upload" ? "now" : "face-api's own pass, before"})`,
        `${fmt(d.wall, 1)} ms/photo, ${fmt(d.cpu, 1)} CPU ms`,
      ]);
    }
    rows.push([
      "faces: scan + blur + thumbnail, a face",
      `${fmt(f.scanBlurAndThumbnailWithFacePerSec)} photos/s = ${fmt(f.ratioOnToOffWithFace, 2)} of off`,
    ]);
    for (const s of f.ratioOnToOffNoFaceBySize) {
      rows.push([
        `faces: scan at input ${s.inputSize} + thumbnail, no face`,
        `${fmt(s.perSec)} photos/s = ${fmt(s.ratio, 2)} of off`,
      ]);
    }
    for (const r of f.inFlight) {
      for (const v of r.variants) {
        rows.push([
          `faces: ${r.inFlight} uploads in flight, ${v.name === "off" ? "blurring off" : `on, detector: ${v.name}`}`,
          `${fmt(v.perSec)} photos/s = ${fmt(v.ratio, 2)} of off; event loop held ≤ ${fmt(v.loopStallMs, 0)} ms`,
        ]);
      }
    }
  }

  if (want("tus")) {
    const u = await steps.tus();
    results.tus = u;
    rows.push([
      `tus: ${fmt(u.batchMB, 0)} MB batch, link dropped every ${u.dropEveryMB} MB (${u.drops} drops)`,
      `${fmt(u.sentTwiceShare * 100, 2)} % of the bytes sent twice, ${fmt(u.seconds)} s (target < 10 %)`,
    ]);
  }

  await closeSharedChromium();
  await stopSharedPostgres();
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `\nPoleAtlas benchmarks (${String(results.mode)}) on ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  results.stepSeconds = times;
  console.log(`\nSeconds per step\n`);
  for (const line of timeLines()) console.log(line);
  // The smoke's toy figures never replace a measured run's.
  const out = path.join(repoRoot, "bench", "results", smoke ? "smoke.json" : "latest.json");
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nWrote ${path.relative(repoRoot, out)}`);
}

main().catch(async (err: unknown) => {
  console.error(err);
  // A step still running beside the failed one stops its server and browser first; then what
  // the steps shared goes, so that a failed smoke leaves no cluster or browser profile behind.
  await runner.ended();
  await closeSharedChromium().catch(() => {});
  await stopSharedPostgres().catch(() => {});
  process.exit(1);
});
