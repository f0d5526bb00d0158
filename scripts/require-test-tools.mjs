// Fails early, with what to do, when a system program the tests drive is missing: the system
// Chromium (e2e; browsers are never downloaded), GDAL's ogr2ogr (it writes the Shapefiles the
// pole-register import is tested with, in real coordinate systems), and gpsbabel and exiftool (a
// real tool's GPX track, and exiftool's own geotagging as the reference the GPS tracks must match),
// and libheif's heif-enc (the HEIC photos the upload is tested with).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const missing = [];
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  missing.push(
    `Chromium not found at ${chromium}.\n` +
      "The end-to-end tests drive the system Chromium (browsers are never downloaded).\n" +
      "Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.",
  );
}
if (process.argv.includes("--gdal")) {
  try {
    execFileSync("ogr2ogr", ["--version"], { stdio: "ignore" });
  } catch {
    missing.push(
      "ogr2ogr not found on PATH.\n" +
        "The pole import tests make their Shapefiles with GDAL.\n" +
        "Install it (Debian/Ubuntu: sudo apt-get install -y gdal-bin).",
    );
  }
}
if (process.argv.includes("--gps")) {
  for (const [program, args, pkg] of [
    ["gpsbabel", ["-V"], "gpsbabel"],
    ["exiftool", ["-ver"], "libimage-exiftool-perl"],
  ]) {
    try {
      execFileSync(program, args, { stdio: "ignore" });
    } catch {
      missing.push(
        `${program} not found on PATH.\n` +
          "The GPS track tests make their GPX with gpsbabel and compare with exiftool's geotagging.\n" +
          `Install it (Debian/Ubuntu: sudo apt-get install -y ${pkg}).`,
      );
    }
  }
}
if (process.argv.includes("--heic")) {
  try {
    execFileSync("heif-enc", ["-h"], { stdio: "ignore" });
  } catch {
    missing.push(
      "heif-enc not found on PATH.\n" +
        "The HEIC upload tests make their iPhone-like photos with libheif's encoder.\n" +
        "Install it (Debian/Ubuntu: sudo apt-get install -y libheif-examples).",
    );
  }
}
if (missing.length > 0) {
  console.error(`\n${missing.join("\n\n")}\n`);
  process.exit(1);
}
