/**
 * A CSV table beside a Shapefile in its zip (RFC 4180, UTF-8, the export's cell rules): what the
 * .dbf has no field for (a pole's attributes past its 255 fields), one row per pole and name.
 * GDAL opening the zip reads the Shapefile and leaves this file to whoever joins it.
 */
import { open, rm, type FileHandle } from "node:fs/promises";
import { csvNumber, csvText } from "../../formats/csv-cells";
import type { Value } from "./export-tables";

const cell = (v: Value) => (typeof v === "number" ? csvNumber(v) : csvText(v));

export class SideFile {
  private handle: FileHandle | null = null;
  private rows = 0;

  constructor(
    readonly file: string,
    private readonly columns: string[],
  ) {}

  async open(): Promise<void> {
    this.handle = await open(this.file, "wx", 0o600);
    await this.handle.write(`${this.columns.map(csvText).join(",")}\r\n`);
  }

  async add(rows: Value[][]): Promise<void> {
    if (rows.length === 0) return;
    this.rows += rows.length;
    await this.handle!.write(rows.map((r) => `${r.map(cell).join(",")}\r\n`).join(""));
  }

  /** Closes the file; answers whether it holds any row (an empty one is removed). */
  async finish(): Promise<boolean> {
    await this.handle?.close();
    this.handle = null;
    if (this.rows > 0) return true;
    await rm(this.file, { force: true });
    return false;
  }

  async abort(): Promise<void> {
    await this.handle?.close().catch(() => {});
    this.handle = null;
  }
}
