/**
 * 4. Globe: time to draw and frame time with 0, 10k and 100k photo markers (region view: 3000 m
 * straight down over a region of 0.1° × 0.1° holding the photos) and with 10k region markers over
 * the globe (overview), as ratios to the empty globe seen from the same camera; and the time of a
 * pick (what a click does) at 100k photos.
 *
 * Setup: the web test build (apps/web/dist-test: it has the globe hook) served by the built server
 * (WEB_DIST_DIR in the environment picks another web build), a signed-in user without photos, Chromium with software WebGL (SwiftShader) at
 * 1280×800 on `/map?globeTestHook`. Synthetic records are made in the page and handed to the
 * GlobeController through the test hook, as the map screen hands them over (setRegions, setMode,
 * setPoles: the region's poles in the compact form of GET /api/poles?region=, one photo each; the
 * "photo markers" scenarios are that many pole markers).
 *
 * What is timed (helpers in apps/web/src/globe/bench-hook.ts): the app renders on demand, so
 * frames are forced: requestRender, the Viewer's render() (what its render loop calls) and a 1×1
 * readPixels that waits until SwiftShader has really drawn the frame, all in one task so the app's
 * own loop cannot slip in. The camera stands still, so each forced frame redraws the whole view
 * (culling, globe tiles, markers, labels); compositing the page is not included.
 * - time to draw: from the setPoles/setRegions call to the end of the first frame after it
 *   (`setupMs`: the call alone: records → markers → point collections); median of 3 in the full
 *   run (emptied in between; `firstDrawMs` is the cold first one), 1 in the quick run;
 * - the empty globe: the same camera with every marker and label hidden (scene.primitives.show),
 *   so no leftover of an earlier scenario can stay in it; its time to draw is a no-op change drawn;
 * - frame time: once the view has settled, rounds of frames with the markers hidden and shown are
 *   interleaved, and frameRatio = mean shown / mean hidden: other work on the machine (two cores,
 *   shared) then slows both alike. The empty-globe rows' frames are measured on their own;
 * - pick: `scene.pick` at drawn photo markers' screen positions (pick pass + read back), median
 *   after the first pick (shader set-up, reported alone); then at the same spots with no photos.
 *   Dense views draw no marker within a marker's size of another (apps/web/src/globe/point-layer.ts), so the picks
 *   aim at markers that have a point, and `exactHits` says how many found the very one aimed at.
 *
 * Counts: the scenarios settle on the globe state's `photoMarkers` / `regionMarkers`, which count
 * the markers set (drawn or capped, the current region's own marker left out); `drawn` is how
 * many have a point once the view settled (bench hook `drawnMarkers`).
 */
import type { Page } from "@playwright/test";
import { launchChromium } from "./lib/chromium";
import {
  draw,
  preparePage,
  settle,
  type Change,
  type GlobeState,
  type Ref,
  type Win,
} from "./lib/globe-page";
import { benchServerEnv, percentile, signedInClient } from "./lib/client";
import { startBrowserBenchServer } from "./lib/server";

export interface FrameStats {
  frames: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
}

export interface GlobeScenario {
  name: string;
  camera: "overview" | "region view, 3000 m";
  markers: number;
  /** Photo markers set whose position is inside the canvas (drawn or capped). */
  markersOnScreen?: number;
  /**
   * Markers with a point after the view settled (none within a marker's size of another, in view
   * and around it: point-layer.ts); `markers` is how many were set, which `photoMarkers` /
   * `regionMarkers` in the globe's state count (drawn or capped).
   */
  drawn?: number;
  drawMs: number;
  /** The first of the draws (cold: code paths and buffers not warm yet). */
  firstDrawMs: number;
  /** Of drawMs, the setPoles/setRegions call alone. */
  setupMs: number;
  frame: FrameStats;
  /** The empty globe's frames interleaved with `frame` (markers hidden, same camera). */
  emptyFrame?: FrameStats;
  /** drawMs / the empty globe's drawMs (same camera). */
  drawRatio: number;
  /** frame.meanMs / emptyFrame.meanMs (1 for the empty globe). */
  frameRatio: number;
}

export interface GlobeResult {
  viewport: { width: number; height: number };
  /**
   * Frames of a zoom in and back out over the region view (5 % of the height per frame), with
   * 100k photo markers (the drawn set follows the move: point-layer.ts) and with none.
   */
  zoom: { markers: FrameStats & { maxMs: number }; empty: FrameStats & { maxMs: number } };
  /** The globe's canvas (the page minus the sidebar), device pixels. */
  canvas: { width: number; height: number };
  softwareRendering: boolean;
  scenarios: GlobeScenario[];
  pick: {
    markers: number;
    picks: number;
    firstMs: number;
    p50Ms: number;
    p95Ms: number;
    /**
     * Picks aimed at drawn photo markers (a capped one has no point to click) that returned a
     * photo marker / the very marker aimed at (drawn neighbours may still overlap a little).
     */
    photoHits: number;
    exactHits: number;
    emptyGlobeP50Ms: number;
  };
  target: {
    what: string;
    /** 100k photo markers in region view ÷ the empty globe (frame time). */
    frameRatio: number;
    /** 10k region markers in the overview ÷ the empty globe (frame time). */
    regionFrameRatio: number;
    met: boolean;
  };
}

const VIEWPORT = { width: 1280, height: 800 };
const REGION_VIEW = "region view, 3000 m" as const;

function stats(ms: number[]): FrameStats {
  const sorted = [...ms].sort((a, b) => a - b);
  const meanMs = ms.reduce((s, x) => s + x, 0) / ms.length;
  return { frames: ms.length, meanMs, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
}

interface Sizes {
  frames: number;
  /** Times each change is drawn (cleared in between); drawMs is the median. */
  draws: number;
  rounds: number;
  perRound: number;
  picks: number;
  zoomFrames: number;
}

/** Times to draw of `times` draws of `change`, each after `clear`: median and first. */
async function drawMedian(page: Page, change: Change, clear: Change, times: number) {
  const runs: { changeMs: number; totalMs: number }[] = [];
  for (let i = 0; i < times; i++) {
    if (i > 0) await draw(page, clear);
    runs.push(await draw(page, change));
  }
  const first = runs[0]!.totalMs;
  return { ...runs.sort((a, b) => a.totalMs - b.totalMs)[Math.floor((runs.length - 1) / 2)]!, first };
}

/**
 * The empty globe from the current camera, with every marker and label hidden: median time to
 * draw of a no-op change (one frame), then frames on their own.
 */
async function empty(page: Page, camera: GlobeScenario["camera"], n: Sizes): Promise<GlobeScenario> {
  const { draws, frames } = await page.evaluate((k) => {
    const { globe, hook } = (globalThis as unknown as Win).__globeBench;
    hook.hideMarkers(true);
    try {
      const runs = [0, 1, 2].map(() => hook.timeToDraw(() => globe.setPoles(null)));
      return { draws: runs, frames: hook.renderFrames(k) };
    } finally {
      hook.hideMarkers(false);
    }
  }, n.frames);
  const d = draws.sort((a, b) => a.totalMs - b.totalMs)[1]!;
  const name = "empty globe";
  const drawMs = d.totalMs;
  return {
    ...{ name, camera, markers: 0, drawMs, firstDrawMs: draws[0]!.totalMs, setupMs: d.changeMs },
    ...{ frame: stats(frames), drawRatio: 1, frameRatio: 1 },
  };
}

/** Draws `change`, lets it settle, then interleaves frames with the markers hidden and shown. */
async function loaded(
  page: Page,
  what: Pick<GlobeScenario, "name" | "camera" | "markers"> & { change: Change; clear: Change },
  ok: (s: GlobeState) => boolean,
  n: Sizes,
): Promise<GlobeScenario> {
  const { change, clear, ...scenario } = what;
  const d = await drawMedian(page, change, clear, n.draws);
  await settle(page, ok, what.name);
  // In one task: rounds of (markers hidden, markers shown), one unmeasured frame after each switch.
  const paired = await page.evaluate(({ rounds, perRound }) => {
    const { hook } = (globalThis as unknown as Win).__globeBench;
    const out = { shown: [] as number[], hidden: [] as number[] };
    try {
      for (let r = 0; r < rounds; r++) {
        for (const hide of [true, false]) {
          hook.hideMarkers(hide);
          hook.renderFrames(1);
          (hide ? out.hidden : out.shown).push(...hook.renderFrames(perRound));
        }
      }
    } finally {
      hook.hideMarkers(false);
    }
    return out;
  }, n);
  const [frame, emptyFrame] = [stats(paired.shown), stats(paired.hidden)];
  const drawnNow = await page.evaluate(() => (globalThis as unknown as Win).__globeBench.hook.drawnMarkers());
  const drawn = what.camera === "overview" ? drawnNow.region.length : drawnNow.photo.length;
  const frameRatio = frame.meanMs / emptyFrame.meanMs;
  // drawRatio needs the empty globe's time to draw, measured later from the same camera (drawnVs).
  return {
    ...scenario,
    drawMs: d.totalMs,
    firstDrawMs: d.first,
    setupMs: d.changeMs,
    drawn,
    frame,
    emptyFrame,
    drawRatio: NaN,
    frameRatio,
  };
}

/** The time to draw as a ratio to the empty globe's from the same camera. */
const drawnVs = (s: GlobeScenario, empty: GlobeScenario) => ({ ...s, drawRatio: s.drawMs / empty.drawMs });

function photosOnScreen(page: Page, count: number): Promise<number> {
  return page.evaluate((k) => {
    const b = (globalThis as unknown as Win).__globeBench;
    const { cssWidth: w, cssHeight: h } = b.hook.canvasSize();
    return (b.poles[k]?.ids ?? []).filter((id) => {
      const at = b.globe.screenPositionOf({ kind: "photo", id });
      return at && at.x >= 0 && at.y >= 0 && at.x <= w && at.y <= h;
    }).length;
  }, count);
}

/** A zoom in and back out, `count` frames, from the current view; it ends where it started. */
async function zoomFrames(page: Page, count: number) {
  const frames = await page.evaluate(
    (k) => (globalThis as unknown as Win).__globeBench.hook.zoomFrames(k, 0.05),
    count,
  );
  // Cesium ends a move (moveEnd: the last rebuild) on the first frame half a second after it.
  await page.waitForTimeout(600);
  await page.evaluate(() => (globalThis as unknown as Win).__globeBench.hook.renderFrames(1));
  return { ...stats(frames), maxMs: Math.max(...frames) };
}

/** Picks at `picks` drawn photo markers of the `count` set on screen, then at the same spots emptied. */
async function measurePicks(page: Page, count: number, picks: number): Promise<GlobeResult["pick"]> {
  const hits = await page.evaluate(
    ({ k, picks }) => {
      const b = (globalThis as unknown as Win).__globeBench;
      const { cssWidth: w, cssHeight: h } = b.hook.canvasSize();
      const drawn = b.hook.drawnMarkers().photo;
      const onScreen = drawn.flatMap((id) => {
        const at = b.globe.screenPositionOf({ kind: "photo", id });
        return at && at.x > 20 && at.y > 20 && at.x < w - 20 && at.y < h - 20 ? [{ id, ...at }] : [];
      });
      if (k !== b.poles[k]?.ids.length) throw new Error(`no set of ${k} poles`);
      // Spread over the drawn markers on screen, in the order they were drawn.
      const step = Math.max(1, Math.floor(onScreen.length / (picks + 1)));
      const out: { id: string; x: number; y: number; ms: number; ref: Ref | null }[] = [];
      for (let i = 0; out.length < picks + 1 && i < onScreen.length; i += step) {
        const t = onScreen[i]!;
        out.push({ ...t, ...b.hook.pick(t.x, t.y) });
      }
      return out;
    },
    { k: count, picks },
  );
  if (hits.length < 2) throw new Error("no photo markers on screen to pick");
  await draw(page, { photos: 0 });
  const emptyMs = await page.evaluate(
    (spots) => spots.map((t) => (globalThis as unknown as Win).__globeBench.hook.pick(t.x, t.y).ms),
    hits,
  );
  const rest = hits.slice(1);
  const ms = rest.map((h) => h.ms).sort((a, b) => a - b);
  return {
    markers: count,
    picks: rest.length,
    firstMs: hits[0]!.ms,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    photoHits: rest.filter((h) => h.ref?.kind === "photo").length,
    exactHits: rest.filter((h) => h.ref?.id === h.id).length,
    emptyGlobeP50Ms: percentile(
      emptyMs.slice(1).sort((a, b) => a - b),
      50,
    ),
  };
}

export async function benchGlobe(opts: { quick: boolean }): Promise<GlobeResult> {
  const n: Sizes = opts.quick
    ? { frames: 6, draws: 1, rounds: 3, perRound: 2, picks: 7, zoomFrames: 10 }
    : { frames: 24, draws: 3, rounds: 12, perRound: 2, picks: 25, zoomFrames: 30 };
  const server = await startBrowserBenchServer("poleatlas-bench-globe-", benchServerEnv);
  const chromium = await launchChromium();
  try {
    const client = await signedInClient(server.url);
    const context = await chromium.browser.newContext({ viewport: VIEWPORT });
    await context.addCookies(
      client.cookie.split("; ").map((c) => {
        const i = c.indexOf("=");
        return { name: c.slice(0, i), value: c.slice(i + 1), url: server.url };
      }),
    );
    const page = await context.newPage();
    // tsx compiles with keepNames: functions handed to the page may call esbuild's __name helper.
    await page.addInitScript("globalThis.__name = (f) => f;");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto(`${server.url}/map?globeTestHook`);
    if (!res?.ok())
      throw new Error(
        `/map answered ${res?.status()}: are the server and the web test build there (npm run build && npm run build:test)?`,
      );
    const start = await settle(page, () => true, "the start");
    await page.evaluate(preparePage, { photos: [10_000, 100_000], regions: 10_000 });
    const canvas = await page.evaluate(() => (globalThis as unknown as Win).__globeBench.hook.canvasSize());

    // Overview: 10k regions (the camera frames them: the whole globe), then that view, hidden.
    const regions = await loaded(
      page,
      {
        name: "10k region markers",
        camera: "overview",
        markers: 10_000,
        change: "regions",
        clear: "no regions",
      },
      (s) => s.regionMarkers === 10_000,
      n,
    );
    const overview = await empty(page, "overview", n);

    // Region view: the photos' region joins the 10k and is flown to as a click does (3000 m,
    // straight down); the other regions stay, as a user's would (none is near enough to be seen).
    await draw(page, "plus the region");
    await draw(page, "region view");
    await settle(
      page,
      // 10,001 regions, the one in view hidden; no labels, as no other region is on screen.
      (s) => s.mode.mode === "region" && s.regionMarkers === 10_000 && s.regionLabels.length === 0,
      "the region view",
    );
    const regionView = await empty(page, REGION_VIEW, n);
    const photoRuns: GlobeScenario[] = [];
    for (const markers of [10_000, 100_000]) {
      const what = { name: `${markers / 1000}k photo markers`, camera: REGION_VIEW, markers };
      const run = await loaded(
        page,
        { ...what, change: { photos: markers }, clear: { photos: 0 } },
        (s) => s.photoMarkers === markers,
        n,
      );
      photoRuns.push({ ...drawnVs(run, regionView), markersOnScreen: await photosOnScreen(page, markers) });
      if (markers !== 100_000) await draw(page, { photos: 0 });
    }
    const pick = await measurePicks(page, 100_000, n.picks);
    await draw(page, { photos: 100_000 });
    const zoomWith = await zoomFrames(page, n.zoomFrames);
    await draw(page, { photos: 0 });
    const zoom = { markers: zoomWith, empty: await zoomFrames(page, n.zoomFrames) };
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`);

    const ratio = photoRuns.find((s) => s.markers === 100_000)!.frameRatio;
    const regionRatio = regions.frameRatio;
    return {
      viewport: VIEWPORT,
      canvas: { width: canvas.width, height: canvas.height },
      softwareRendering: start.softwareRendering,
      scenarios: [overview, drawnVs(regions, overview), regionView, ...photoRuns],
      pick,
      zoom,
      target: {
        what: "100k photo markers (region view) and 10k region markers (overview) each ≤ 1.5× the empty globe's frame time",
        frameRatio: ratio,
        regionFrameRatio: regionRatio,
        met: ratio <= 1.5 && regionRatio <= 1.5,
      },
    };
  } finally {
    await chromium.close();
    await server.stop();
  }
}
