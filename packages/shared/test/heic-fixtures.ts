/**
 * HEIC fixtures made at test time as an iPhone's would be: heif-enc (Debian libheif-examples)
 * encodes a sharp-made PNG with HEVC, exiftool writes GPS, the capture time with its offset and
 * the compass bearing into it. Node only. A missing tool fails the test with what to install.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);

export interface HeicFixtureOptions {
  width?: number;
  height?: number;
  /** Background colour, so fixtures differ in bytes. */
  color?: { r: number; g: number; b: number };
  /** Written by exiftool; each left out writes no such tag. */
  gps?: { latitude: number; longitude: number };
  dateTimeOriginal?: string;
  offsetTimeOriginal?: string;
  heading?: number;
  /** heif-enc's quality (default 50). */
  quality?: number;
  /** Grain over the gradient, so the file weighs what a camera's does (benchmarks). */
  noise?: boolean;
}

/** What exiftool reads back from a file (-n: numbers, signed for S and W). */
export interface ExiftoolReading {
  latitude: number | null;
  longitude: number | null;
  dateTimeOriginal: string | null;
  offsetTimeOriginal: string | null;
  heading: number | null;
}

async function tool(cmd: string, args: string[]): Promise<string> {
  try {
    return (await run(cmd, args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === "ENOENT") {
      const pkg = cmd === "heif-enc" ? "libheif-examples" : "libimage-exiftool-perl";
      throw new Error(`${cmd} is missing: install the Debian package ${pkg} (CI's .ci/run does)`, {
        cause: err,
      });
    }
    throw err;
  }
}

export async function makeHeic(opts: HeicFixtureOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "heic-fixture-"));
  try {
    const png = join(dir, "in.png");
    const heic = join(dir, "out.heic");
    const { width = 128, height = 96, color = { r: 40, g: 120, b: 200 } } = opts;
    // A gradient, not a flat colour: the encoder has something to code, as in a real photo.
    const ramp = Buffer.alloc(width * height * 3);
    let seed = 1;
    const grain = () => {
      if (!opts.noise) return 0;
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return (seed >> 16) & 31;
    };
    for (let i = 0; i < width * height; i += 1) {
      ramp[i * 3] = (color.r + (i % width) + grain()) & 255;
      ramp[i * 3 + 1] = (color.g + grain()) & 255;
      ramp[i * 3 + 2] = (color.b + Math.floor(i / width) + grain()) & 255;
    }
    await writeFile(
      png,
      await sharp(ramp, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    );
    await tool("heif-enc", ["-q", String(opts.quality ?? 50), "-o", heic, png]);
    const tags: string[] = [];
    if (opts.gps) {
      const { latitude, longitude } = opts.gps;
      tags.push(`-GPSLatitude=${Math.abs(latitude)}`, `-GPSLatitudeRef=${latitude < 0 ? "S" : "N"}`);
      tags.push(`-GPSLongitude=${Math.abs(longitude)}`, `-GPSLongitudeRef=${longitude < 0 ? "W" : "E"}`);
    }
    if (opts.dateTimeOriginal) tags.push(`-DateTimeOriginal=${opts.dateTimeOriginal}`);
    if (opts.offsetTimeOriginal) tags.push(`-OffsetTimeOriginal=${opts.offsetTimeOriginal}`);
    if (opts.heading !== undefined) tags.push(`-GPSImgDirection=${opts.heading}`, "-GPSImgDirectionRef=T");
    if (tags.length > 0) await tool("exiftool", ["-q", "-overwrite_original", ...tags, heic]);
    return await readFile(heic);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** exiftool's own reading of a file: the truth a HEIC reader must equal. */
export async function exiftoolReading(bytes: Buffer): Promise<ExiftoolReading> {
  const dir = await mkdtemp(join(tmpdir(), "heic-read-"));
  try {
    const file = join(dir, "photo.heic");
    await writeFile(file, bytes);
    const out = await tool("exiftool", [
      "-j",
      "-n",
      "-GPSLatitude",
      "-GPSLongitude",
      "-DateTimeOriginal",
      "-OffsetTimeOriginal",
      "-GPSImgDirection",
      file,
    ]);
    const [t = {}] = JSON.parse(out) as Record<string, unknown>[];
    const num = (v: unknown) => (typeof v === "number" ? v : null);
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      latitude: num(t.GPSLatitude),
      longitude: num(t.GPSLongitude),
      dateTimeOriginal: text(t.DateTimeOriginal),
      offsetTimeOriginal: text(t.OffsetTimeOriginal),
      heading: num(t.GPSImgDirection),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
