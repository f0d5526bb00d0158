/** Reading a PDF the way its readers do, with poppler's tools: text by page, images, document info. */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function withPdf<T>(bytes: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "region-report-"));
  try {
    const file = path.join(dir, "r.pdf");
    await writeFile(file, bytes);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text as pdftotext lays it out, all pages. */
export const pdfText = (bytes: Buffer) =>
  withPdf(bytes, async (file) => (await run("pdftotext", ["-layout", file, "-"])).stdout);

/** Each page's text (pdftotext ends a page with a form feed). */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  return (await pdfText(bytes)).split("\f").slice(0, -1);
}

/** pdfinfo's fields: "Pages", "Tagged", "Title"… */
export const pdfInfo = (bytes: Buffer) =>
  withPdf(bytes, async (file) => {
    const { stdout } = await run("pdfinfo", [file]);
    return Object.fromEntries(
      stdout
        .split("\n")
        .filter((l) => l.includes(":"))
        .map((l) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]),
    );
  });

/** The images drawn, one row per drawing: page, width, height, encoding (pdfimages -list). */
export const pdfImages = (bytes: Buffer) =>
  withPdf(bytes, async (file) => {
    const { stdout } = await run("pdfimages", ["-list", file]);
    return stdout
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "")
      .map((l) => {
        const c = l.trim().split(/\s+/);
        return { page: Number(c[0]), type: c[2], width: Number(c[3]), height: Number(c[4]), enc: c[8] };
      });
  });

/** One page rendered as PNG (pdftoppm), at `dpi`. */
export const pdfPagePng = (bytes: Buffer, page: number, dpi = 50) =>
  withPdf(bytes, async (file, dir) => {
    const out = path.join(dir, "page");
    await run("pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      file,
      out,
    ]);
    return readFile(`${out}.png`);
  });
