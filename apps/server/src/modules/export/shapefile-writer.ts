/**
 * A point Shapefile written by hand into a folder: the .shp and .shx as rows arrive (a point's
 * record has a fixed size), each row's values to a side file, and at the end the .dbf from that
 * side file, its columns only as wide as their longest value (a .dbf's widths are fixed in its
 * header), then the .prj (the system's WKT) and the .cpg (UTF-8).
 */
import { createReadStream } from "node:fs";
import { open, rm, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { TableField, Value } from "./export-tables";
import { cutUtf8, dbfNames, MAX_DBF_FIELDS } from "./shapefile-names";

const HEADER_BYTES = 100;
const POINT_RECORD_BYTES = 28;
const NULL_RECORD_BYTES = 12;
/** A .dbf text column holds at most 254 bytes; longer values are cut there. */
export const MAX_DBF_TEXT_BYTES = 254;
const REAL_WIDTH = 24;
const MAX_REAL_DECIMALS = 10;

interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function mainHeader(fileBytes: number, extent: Extent | null): Buffer {
  const b = Buffer.alloc(HEADER_BYTES);
  b.writeInt32BE(9994, 0);
  b.writeInt32BE(fileBytes / 2, 24);
  b.writeInt32LE(1000, 28);
  b.writeInt32LE(1, 32); // Point
  if (extent) {
    b.writeDoubleLE(extent.minX, 36);
    b.writeDoubleLE(extent.minY, 44);
    b.writeDoubleLE(extent.maxX, 52);
    b.writeDoubleLE(extent.maxY, 60);
  }
  return b;
}

/** What the .dbf needs to know of a column after the last row: its widest value. */
interface ColumnSize {
  bytes: number;
  /** Integer digits (with the sign) of a number column. */
  digits: number;
}

export class ShapefileWriter {
  private shp!: FileHandle;
  private shx!: FileHandle;
  private rows!: FileHandle;
  private count = 0;
  private shpBytes = HEADER_BYTES;
  private extent: Extent | null = null;
  private readonly sizes: ColumnSize[];

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly fields: TableField[],
  ) {
    // The caller keeps within the limit (pole-columns): more would be a .dbf no reader opens.
    if (fields.length > MAX_DBF_FIELDS) throw new Error(`a .dbf holds ${MAX_DBF_FIELDS} fields`);
    this.sizes = fields.map(() => ({ bytes: 1, digits: 1 }));
  }

  private file = (ext: string) => path.join(this.dir, `${this.name}${ext}`);
  private rowsFile = () => path.join(this.dir, "rows.jsonl");

  async open(): Promise<void> {
    this.shp = await open(this.file(".shp"), "wx", 0o600);
    this.shx = await open(this.file(".shx"), "wx", 0o600);
    this.rows = await open(this.rowsFile(), "wx", 0o600);
    // The headers are written again at the end, with the lengths and the extent.
    await this.shp.write(Buffer.alloc(HEADER_BYTES));
    await this.shx.write(Buffer.alloc(HEADER_BYTES));
  }

  /** A batch of rows, each its x/y (null: no position) and its values in field order. */
  async add(batch: { xy: [number, number] | null; values: Value[] }[]): Promise<void> {
    const shp = Buffer.alloc(batch.length * POINT_RECORD_BYTES);
    const shx = Buffer.alloc(batch.length * 8);
    let at = 0;
    let lines = "";
    for (const [i, { xy, values }] of batch.entries()) {
      this.count += 1;
      const content = xy ? 20 : 4;
      shx.writeInt32BE((this.shpBytes + at) / 2, i * 8);
      shx.writeInt32BE(content / 2, i * 8 + 4);
      shp.writeInt32BE(this.count, at);
      shp.writeInt32BE(content / 2, at + 4);
      shp.writeInt32LE(xy ? 1 : 0, at + 8);
      if (xy) {
        shp.writeDoubleLE(xy[0], at + 12);
        shp.writeDoubleLE(xy[1], at + 20);
        this.grow(xy);
      }
      at += xy ? POINT_RECORD_BYTES : NULL_RECORD_BYTES;
      const cells = values.map((v, c) => this.cell(c, v));
      lines += JSON.stringify(cells) + "\n";
    }
    this.shpBytes += at;
    await this.shp.write(shp, 0, at);
    await this.shx.write(shx);
    await this.rows.write(lines);
  }

  private grow([x, y]: [number, number]) {
    const e = this.extent;
    if (!e) this.extent = { minX: x, minY: y, maxX: x, maxY: y };
    else {
      e.minX = Math.min(e.minX, x);
      e.minY = Math.min(e.minY, y);
      e.maxX = Math.max(e.maxX, x);
      e.maxY = Math.max(e.maxY, y);
    }
  }

  /** The value as the .dbf will hold it (text, a number, or null), noting its width. */
  private cell(column: number, v: Value): Value {
    if (v === null || v === "") return null;
    const { type } = this.fields[column]!;
    const size = this.sizes[column]!;
    if (type === "integer" || type === "real") {
      const n = Number(v);
      if (!Number.isFinite(n)) return null;
      size.digits = Math.max(size.digits, Math.trunc(Math.abs(n)).toString().length + (n < 0 ? 1 : 0));
      return n;
    }
    const text = type === "date" ? String(v) : cutUtf8(String(v), MAX_DBF_TEXT_BYTES);
    size.bytes = Math.max(size.bytes, Buffer.byteLength(text));
    return text;
  }

  /**
   * Writes the headers, the .dbf, .prj and .cpg, and with a `note` (what a reader should know of
   * the rows) a `<name>_notes.txt`; answers the files in the order a zip lists them.
   */
  async finish(prj: string, note: string | null = null): Promise<string[]> {
    await this.shp.write(mainHeader(this.shpBytes, this.extent), 0, HEADER_BYTES, 0);
    await this.shx.write(mainHeader(HEADER_BYTES + this.count * 8, this.extent), 0, HEADER_BYTES, 0);
    await Promise.all([this.shp.close(), this.shx.close(), this.rows.close()]);
    await this.writeDbf();
    await rm(this.rowsFile());
    await writeFile(this.file(".prj"), prj, { mode: 0o600 });
    await writeFile(this.file(".cpg"), "UTF-8", { mode: 0o600 });
    const files = [".shp", ".shx", ".dbf", ".prj", ".cpg"].map(this.file);
    if (note !== null) {
      await writeFile(this.file("_notes.txt"), `${note}\n`, { mode: 0o600 });
      files.push(this.file("_notes.txt"));
    }
    return files;
  }

  /** Closes what is open (a failed or abandoned export); the folder is removed by the caller. */
  async abort(): Promise<void> {
    await Promise.allSettled([this.shp?.close(), this.shx?.close(), this.rows?.close()]);
  }

  private columns() {
    const names = dbfNames(this.fields.map((f) => f.name));
    return this.fields.map((f, i) => {
      const size = this.sizes[i]!;
      if (f.type === "date") return { name: names[i]!, type: "D", width: 8, decimals: 0 };
      if (f.type === "integer")
        return { name: names[i]!, type: "N", width: Math.max(size.digits, 1), decimals: 0 };
      if (f.type === "real") {
        const decimals = Math.max(0, Math.min(MAX_REAL_DECIMALS, REAL_WIDTH - size.digits - 1));
        return { name: names[i]!, type: "N", width: size.digits + 1 + decimals, decimals };
      }
      return { name: names[i]!, type: "C", width: size.bytes, decimals: 0 };
    });
  }

  private async writeDbf(): Promise<void> {
    const columns = this.columns();
    const headerBytes = 32 + 32 * columns.length + 1;
    const recordBytes = 1 + columns.reduce((n, c) => n + c.width, 0);
    const header = Buffer.alloc(headerBytes);
    const now = new Date();
    header.writeUInt8(0x03, 0);
    header.writeUInt8(now.getUTCFullYear() - 1900, 1);
    header.writeUInt8(now.getUTCMonth() + 1, 2);
    header.writeUInt8(now.getUTCDate(), 3);
    header.writeUInt32LE(this.count, 4);
    header.writeUInt16LE(headerBytes, 8);
    header.writeUInt16LE(recordBytes, 10);
    columns.forEach((c, i) => {
      const at = 32 + i * 32;
      header.write(c.name, at, "utf8");
      header.write(c.type, at + 11, "latin1");
      header.writeUInt8(c.width, at + 16);
      header.writeUInt8(c.decimals, at + 17);
    });
    header.writeUInt8(0x0d, headerBytes - 1);
    const dbf = await open(this.file(".dbf"), "wx", 0o600);
    try {
      await dbf.write(header);
      const lines = createInterface({ input: createReadStream(this.rowsFile()), crlfDelay: Infinity });
      const BATCH = 1000;
      let chunk = Buffer.alloc(recordBytes * BATCH);
      let n = 0;
      for await (const line of lines) {
        const cells = JSON.parse(line) as Value[];
        let at = n * recordBytes;
        chunk.fill(0x20, at, at + recordBytes);
        at += 1;
        columns.forEach((c, i) => {
          const v = cells[i];
          if (v !== null && v !== undefined) {
            const text =
              c.type === "D"
                ? String(v).replaceAll("-", "").slice(0, 8)
                : c.type === "N"
                  ? (v as number).toFixed(c.decimals).padStart(c.width).slice(0, c.width)
                  : String(v);
            chunk.write(text, at, c.width, "utf8");
          }
          at += c.width;
        });
        if (++n === BATCH) {
          await dbf.write(chunk);
          chunk = Buffer.alloc(recordBytes * BATCH);
          n = 0;
        }
      }
      await dbf.write(chunk, 0, n * recordBytes);
      await dbf.write(Buffer.from([0x1a]));
    } finally {
      await dbf.close();
    }
  }
}
