/**
 * Whether a .dbf starts as dBASE tables do. The Shapefile reader trusts the header's counts, so a
 * file of garbage whose bytes happen to give small ones was read as records of nonsense (or of
 * nothing) instead of being refused as damaged. Its field names are read here too: the reader
 * puts each record's values on a plain object, where a field named `__proto__` vanishes.
 */
import { open } from "node:fs/promises";

/** The version bytes GDAL, ArcGIS and QGIS write: dBASE III, IV and FoxPro, with or without memo. */
const DBF_VERSIONS = new Set([
  0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8e, 0xcb, 0xf5, 0xfb,
]);
const HEADER_BYTES = 32;
const FIELD_BYTES = 32;
const END_OF_FIELDS = 0x0d;

const NAME_BYTES = 11;

export async function looksLikeDbf(file: string): Promise<boolean> {
  return (await dbfFieldNames(file)) !== null;
}

/** The .dbf's field names, or null when it does not start as dBASE tables do. */
export async function dbfFieldNames(file: string): Promise<string[] | null> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(HEADER_BYTES);
    if ((await handle.read(head, 0, HEADER_BYTES, 0)).bytesRead < HEADER_BYTES) return null;
    const records = head.readUInt32LE(4);
    const headerLength = head.readUInt16LE(8);
    const recordLength = head.readUInt16LE(10);
    const month = head[2]!;
    const day = head[3]!;
    if (!DBF_VERSIONS.has(head[0]!) || month < 1 || month > 12 || day < 1 || day > 31) return null;
    if (headerLength < HEADER_BYTES + FIELD_BYTES + 1 || headerLength > size || recordLength < 2) return null;
    if (headerLength + records * recordLength > size + 1) return null;
    // The field descriptors, each starting with its name (no control byte, no space), then one end byte (FoxPro writes more
    // after it, inside the header's length).
    const header = Buffer.alloc(headerLength);
    await handle.read(header, 0, headerLength, 0);
    const names: string[] = [];
    for (let at = HEADER_BYTES; at < headerLength; at += FIELD_BYTES) {
      if (header[at] === END_OF_FIELDS) return at > HEADER_BYTES ? names : null;
      const first = header[at]!;
      if (first < 0x21 || first === 0x7f) return null;
      const name = header.subarray(at, at + NAME_BYTES);
      const end = name.indexOf(0);
      names.push(name.subarray(0, end < 0 ? NAME_BYTES : end).toString("latin1"));
    }
    return null;
  } finally {
    await handle.close();
  }
}
