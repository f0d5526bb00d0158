/**
 * Face blurring: how well the packaged detector finds faces at each score threshold (recall and
 * false boxes), and what the scan and the blur cost next to the thumbnail step an upload already
 * pays. Faces: the public-domain astronaut portrait (apps/server/test/fixtures) pasted at several
 * sizes into camera-sized scenes; scenes without a face: noise photos and the same scenes with a
 * plain patch where the face would be. Runs in this process on the upload path's own functions,
 * next to face-api's own detection (square input, its forward pass: what uploads ran before
 * tiny-face-net.ts), with CPU time per photo beside wall time: the machine is shared.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  createFaceDetector,
  DEFAULT_DETECTOR_OPTIONS,
  detectWithFaceApi,
  type DetectorOptions,
  type FaceDetector,
} from "../apps/server/src/infra/faces/face-detector";
import { createFaceScanner, decodePreview, PREVIEW_SIDE } from "../apps/server/src/infra/faces/face-scan";
import { blurAreas } from "../apps/server/src/infra/faces/photo-blur";
import { createImageProcessor } from "../apps/server/src/infra/images/image-processor";
import { benchInFlight, type InFlightRow } from "./faces-in-flight";
import { makeDataDir, repoRoot } from "./lib/server";
import { noisyJpeg } from "./lib/photos";

export interface FacesResult {
  /** Per detector (the upload's, or face-api's own pass as before), input size and score threshold. */
  thresholds: {
    detector: DetectorKind;
    inputSize: number;
    threshold: number;
    recall: number;
    falseBoxesPerPhoto: number;
  }[];
  facesPlaced: number;
  photosWithoutFaces: number;
  /** Sequential photos/s on 12 MP JPEGs. */
  thumbnailOnlyPerSec: number;
  scanAndThumbnailNoFacePerSec: number;
  /** The same with face-api's own detection (square input, its forward pass): before tiny-face-net.ts. */
  scanAndThumbnailFaceApiPerSec: number;
  scanBlurAndThumbnailWithFacePerSec: number;
  ratioOnToOffNoFace: number;
  /** The same from CPU time (all the process's threads) per photo: less swayed by other processes. */
  cpuRatioOnToOffNoFace: number;
  /** CPU ms per photo: thumbnail alone, scan + thumbnail now, and with face-api's own detection. */
  cpuMsPerPhoto: { thumbnailOnly: number; scanAndThumbnail: number; scanAndThumbnailFaceApi: number };
  /** The detector alone on a 416 × 312 copy: wall and CPU ms per photo, now and face-api's own. */
  detectorMsPerPhoto: Record<DetectorKind, { wall: number; cpu: number }>;
  ratioOnToOffWithFace: number;
  /** Scan + thumbnail without a face at other detector input sizes, as a share of off. */
  ratioOnToOffNoFaceBySize: { inputSize: number; perSec: number; ratio: number }[];
  /** Several uploads at once (faces-in-flight.ts), detector on the request thread or workers. */
  inFlight: InFlightRow[];
}

const INPUT_SIZES = [320, 352, 384, 416, 512];
type DetectorKind = "upload" | "face-api";

/** face-api's own detection (what uploads ran before tiny-face-net.ts), as a detector. */
const faceApiDetector = (opts: DetectorOptions = DEFAULT_DETECTOR_OPTIONS): FaceDetector => ({
  inputSize: opts.inputSize,
  detect: (rgb, width, height) => detectWithFaceApi(opts, rgb, width, height),
});
const THRESHOLDS = [0.2, 0.3, 0.4, 0.5, 0.6];
/** Where the astronaut's face is in her portrait (512 px), marked by hand. */
const FACE_IN_PORTRAIT = { x: 180, y: 85, width: 80, height: 75 };

async function scene(
  i: number,
  portraitSide: number | null,
): Promise<{ bytes: Buffer; face: typeof FACE_IN_PORTRAIT | null }> {
  const base = await noisyJpeg({
    width: 4000,
    height: 3000,
    sigma: 30,
    quality: 80,
    dateTimeOriginal: "2024:05:01 10:00:00",
    latitude: "45/1 30/1 0/1",
    longitude: "73/1 30/1 0/1",
  });
  if (portraitSide === null) return { bytes: base, face: null };
  const portrait = await sharp(path.join(repoRoot, "apps/server/test/fixtures/astronaut.jpg"))
    .resize(portraitSide, portraitSide)
    .toBuffer();
  const left = 200 + ((i * 937) % (4000 - portraitSide - 400));
  const top = 200 + ((i * 613) % (3000 - portraitSide - 400));
  const f = portraitSide / 512;
  const bytes = await sharp(base)
    .composite([{ input: portrait, left, top }])
    .keepMetadata()
    .jpeg({ quality: 85 })
    .toBuffer();
  return {
    bytes,
    face: {
      x: left + FACE_IN_PORTRAIT.x * f,
      y: top + FACE_IN_PORTRAIT.y * f,
      width: FACE_IN_PORTRAIT.width * f,
      height: FACE_IN_PORTRAIT.height * f,
    },
  };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function benchFaces(quick: boolean): Promise<FacesResult> {
  const dir = await makeDataDir("poleatlas-bench-faces-");
  await mkdir(dir, { recursive: true });
  // Portrait sides: the face is ~16 % of it, so 400–3000 px portraits give 60–470 px faces in a 4000 px photo.
  const sides = quick ? [600, 1200, 2400] : [400, 600, 800, 1200, 1600, 2400, 3000];
  const withFace: { file: string; face: typeof FACE_IN_PORTRAIT }[] = [];
  const without: string[] = [];
  for (const [i, side] of sides.entries()) {
    const s = await scene(i, side);
    const file = path.join(dir, `face-${i}.jpg`);
    await writeFile(file, s.bytes);
    withFace.push({ file, face: s.face! });
  }
  for (let i = 0; i < (quick ? 3 : 6); i++) {
    const file = path.join(dir, `none-${i}.jpg`);
    await writeFile(file, (await scene(i, null)).bytes);
    without.push(file);
  }

  // Each photo is scanned once per input size at the lowest threshold: a higher threshold only
  // drops boxes scored below it, so each threshold's figures come from the same scan.
  const thresholds: FacesResult["thresholds"] = [];
  const files = [
    ...withFace.map((p) => ({ file: p.file, face: p.face })),
    ...without.map((file) => ({ file, face: null })),
  ];
  const detectors = [
    ...INPUT_SIZES.map((inputSize) => ({ detector: "upload" as const, inputSize })),
    { detector: "face-api" as const, inputSize: DEFAULT_DETECTOR_OPTIONS.inputSize },
  ];
  for (const { detector, inputSize } of detectors) {
    const opts = { scoreThreshold: Math.min(...THRESHOLDS), inputSize };
    const scanner = createFaceScanner(
      detector === "upload" ? createFaceDetector(opts) : faceApiDetector(opts),
    );
    const scanned = [];
    for (const { file, face } of files) {
      const { faces } = await scanner.scan(file);
      scanned.push({ face, boxes: faces.map((f) => ({ score: f.score, box: f })) });
    }
    for (const threshold of THRESHOLDS) {
      let found = 0;
      let falseBoxes = 0;
      for (const { face, boxes } of scanned) {
        const kept = boxes.filter((b) => b.score >= threshold).map((b) => b.box);
        if (face && kept.some((b) => overlaps(b, face))) found += 1;
        falseBoxes += kept.filter((b) => !face || !overlaps(b, face)).length;
      }
      thresholds.push({
        detector,
        inputSize,
        threshold,
        recall: found / withFace.length,
        falseBoxesPerPhoto: falseBoxes / files.length,
      });
    }
  }

  // Cost, one photo after another: the thumbnail alone (blurring off) against scan + thumbnail
  // from the scan's copy (no face: stored as is) and scan + blur + thumbnail (a face), as uploads
  // do them (face-privacy.ts, images.service.ts).
  const processor = createImageProcessor({ concurrency: 1 });
  const scanner = createFaceScanner(createFaceDetector());
  const rounds = quick ? 4 : 8;
  const noFace = without[0]!;
  const faced = withFace[withFace.length - 1]!.file;
  const out = (i: number, kind: string) => path.join(dir, `${kind}-${i}-${Math.random()}`);
  const scanAndThumbnail = (s: typeof scanner) => async (i: number) => {
    const { preview } = await s.scan(noFace);
    await processor.thumbnail(noFace, out(i, "t"), preview);
  };
  const sized = INPUT_SIZES.map((inputSize) => ({
    inputSize,
    work: scanAndThumbnail(createFaceScanner(createFaceDetector({ ...DEFAULT_DETECTOR_OPTIONS, inputSize }))),
  }));
  // The detector alone on the copy a scan hands it (416 × 312 for these 4:3 photos).
  const preview = await decodePreview(noFace, PREVIEW_SIDE);
  const copy = await sharp(preview.data, {
    raw: { width: preview.width, height: preview.height, channels: 3 },
  })
    .resize(DEFAULT_DETECTOR_OPTIONS.inputSize, DEFAULT_DETECTOR_OPTIONS.inputSize, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const detectorAlone = (d: FaceDetector) => () => d.detect(copy.data, copy.info.width, copy.info.height);
  const variants: ((i: number) => Promise<unknown>)[] = [
    (i) => processor.thumbnail(noFace, out(i, "t")),
    scanAndThumbnail(scanner),
    scanAndThumbnail(createFaceScanner(faceApiDetector())),
    async (i) => {
      const { faces } = await scanner.scan(faced);
      const blurred = out(i, "b");
      await blurAreas(faced, blurred, faces, "jpeg");
      await processor.thumbnail(blurred, out(i, "t"));
    },
    ...sized.map((s) => s.work),
    detectorAlone(createFaceDetector()),
    detectorAlone(faceApiDetector()),
  ];
  // Round-robin, each variant once a round (after one warm-up each: the engine loads on its first
  // scan): the machine is shared, and a load that comes and goes then weighs on all of them alike.
  for (const work of variants) await work(0);
  const secs = variants.map(() => 0);
  const cpuMs = variants.map(() => 0);
  for (let i = 0; i < rounds; i++) {
    for (const [k, work] of variants.entries()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await work(i);
      secs[k]! += (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      cpuMs[k]! += (c.user + c.system) / 1000;
    }
  }
  const perPhotoCpu = cpuMs.map((ms) => ms / rounds);
  const detectorMsPerPhoto = {
    upload: { wall: (secs.at(-2)! * 1000) / rounds, cpu: perPhotoCpu.at(-2)! },
    "face-api": { wall: (secs.at(-1)! * 1000) / rounds, cpu: perPhotoCpu.at(-1)! },
  };
  const [
    thumbnailOnlyPerSec,
    scanAndThumbnailNoFacePerSec,
    scanAndThumbnailFaceApiPerSec,
    scanBlurAndThumbnailWithFacePerSec,
    ...bySize
  ] = secs.slice(0, -2).map((t) => rounds / t) as [number, number, number, number, ...number[]];
  const ratioOnToOffNoFaceBySize = sized.map((s, k) => ({
    inputSize: s.inputSize,
    perSec: bySize[k]!,
    ratio: bySize[k]! / thumbnailOnlyPerSec,
  }));
  const inFlight = await benchInFlight(without, dir, quick);
  // Each run writes ~75 MB of 12 MP scenes and outputs: none of it is kept.
  await rm(dir, { recursive: true, force: true });
  return {
    thresholds,
    facesPlaced: withFace.length,
    photosWithoutFaces: without.length,
    thumbnailOnlyPerSec,
    scanAndThumbnailNoFacePerSec,
    scanAndThumbnailFaceApiPerSec,
    scanBlurAndThumbnailWithFacePerSec,
    ratioOnToOffNoFace: scanAndThumbnailNoFacePerSec / thumbnailOnlyPerSec,
    cpuRatioOnToOffNoFace: perPhotoCpu[0]! / perPhotoCpu[1]!,
    cpuMsPerPhoto: {
      thumbnailOnly: perPhotoCpu[0]!,
      scanAndThumbnail: perPhotoCpu[1]!,
      scanAndThumbnailFaceApi: perPhotoCpu[2]!,
    },
    detectorMsPerPhoto,
    ratioOnToOffWithFace: scanBlurAndThumbnailWithFacePerSec / thumbnailOnlyPerSec,
    ratioOnToOffNoFaceBySize,
    inFlight,
  };
}

// Run alone: `npx tsx bench/faces.ts [--quick]`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const r = await benchFaces(process.argv.includes("--quick"));
  console.log(JSON.stringify(r, null, 2));
}
