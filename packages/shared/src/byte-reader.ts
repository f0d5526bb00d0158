/** Random access over a photo's bytes, shared by the container walkers (exif-locate, heif-items). */

/** Big-endian integers and ASCII text at an index (0 past the end). */
export const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
export const u32 = (b: Uint8Array, i: number) => u16(b, i) * 65_536 + u16(b, i + 2);
export const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** Random access over a Blob or bytes, reading ahead in windows so small reads stay cheap. */
export class ByteReader {
  private windowStart = 0;
  private window: Uint8Array = new Uint8Array(0);

  constructor(
    readonly size: number,
    private readonly readRange: (start: number, end: number) => Promise<Uint8Array>,
  ) {}

  static from(input: Blob | ArrayBuffer | Uint8Array): ByteReader {
    if (input instanceof Uint8Array) {
      return new ByteReader(input.byteLength, (s, e) => Promise.resolve(input.subarray(s, e)));
    }
    if (input instanceof ArrayBuffer) {
      const bytes = new Uint8Array(input);
      return new ByteReader(bytes.byteLength, (s, e) => Promise.resolve(bytes.subarray(s, e)));
    }
    return new ByteReader(input.size, async (s, e) => new Uint8Array(await input.slice(s, e).arrayBuffer()));
  }

  /** Bytes [offset, offset+length), shorter only when the data ends first. */
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    const winEnd = this.windowStart + this.window.byteLength;
    if (offset < this.windowStart || end > winEnd) {
      // 64 KB holds the EXIF of nearly every camera JPEG in one read.
      const readEnd = Math.min(this.size, Math.max(end, offset + 65_536));
      this.window = await this.readRange(offset, readEnd);
      this.windowStart = offset;
    }
    const from = offset - this.windowStart;
    return this.window.subarray(from, from + (end - offset));
  }
}
