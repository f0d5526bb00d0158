/**
 * Files on disk as a zip, streamed: each stored as it is (a Shapefile's parts are what a GIS
 * export hands over uncompressed, and the transport compresses anyway), its CRC-32 read first so
 * every header is complete before its data (no data descriptors, which some readers refuse).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";

/** The zip's limit without its 64-bit extension: an export never comes near it. */
const MAX_ZIP_BYTES = 0xffffffff;

async function crcOf(file: string): Promise<number> {
  let crc = 0;
  for await (const chunk of createReadStream(file)) crc = crc32(chunk as Buffer, crc);
  return crc;
}

export async function* zipFiles(files: string[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(path.basename(file));
    const size = (await stat(file)).size;
    if (offset + size > MAX_ZIP_BYTES) throw new Error("the export is larger than a zip without ZIP64 holds");
    const crc = await crcOf(file);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(size, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    yield Buffer.concat([local, name]);
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
    offset += 30 + name.length + size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
