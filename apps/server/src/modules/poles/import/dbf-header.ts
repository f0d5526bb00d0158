/**
 * Whether a .dbf starts as dBASE tables do. The Shapefile reader trusts the header's counts, so a
 * file of garbage whose bytes happen to give small ones was read as records of nonsense (or of
 * nothing) instead of being refused as damaged.
 */
import { open } from "node:fs/promises";

/** The version bytes GDAL, ArcGIS and QGIS write: dBASE III, IV and FoxPro, with or without memo. */
const DBF_VERSIONS = new Set([
  0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8e, 0xcb, 0xf5, 0xfb,
]);
const HEADER_BYTES = 32;
const FIELD_BYTES = 32;
const END_OF_FIELDS = 0x0d;

export async function looksLikeDbf(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(HEADER_BYTES);
    if ((await handle.read(head, 0, HEADER_BYTES, 0)).bytesRead < HEADER_BYTES) return false;
    const records = head.readUInt32LE(4);
    const headerLength = head.readUInt16LE(8);
    const recordLength = head.readUInt16LE(10);
    const month = head[2]!;
    const day = head[3]!;
    if (!DBF_VERSIONS.has(head[0]!) || month < 1 || month > 12 || day < 1 || day > 31) return false;
    if (headerLength < HEADER_BYTES + FIELD_BYTES + 1 || headerLength > size || recordLength < 2)
      return false;
    if (headerLength + records * recordLength > size + 1) return false;
    // The field descriptors, each starting with its name (no control byte, no space), then one end byte (FoxPro writes more
    // after it, inside the header's length).
    const header = Buffer.alloc(headerLength);
    await handle.read(header, 0, headerLength, 0);
    for (let at = HEADER_BYTES; at < headerLength; at += FIELD_BYTES) {
      if (header[at] === END_OF_FIELDS) return at > HEADER_BYTES;
      const first = header[at]!;
      if (first < 0x21 || first === 0x7f) return false;
    }
    return false;
  } finally {
    await handle.close();
  }
}
