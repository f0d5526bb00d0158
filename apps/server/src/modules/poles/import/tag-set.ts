/**
 * The tags an import has read so far, to refuse a tag's second row. A register of a million poles
 * held as a Set of strings cost the server ~100 MB more than these 64-bit fingerprints in one open
 * table (16 bytes a tag at most). Two different tags count as the same only if both 32-bit halves
 * of their fingerprint agree: about once in 10^7 imports of a million tags.
 */
export class TagSet {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private used = new Uint8Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** What the table holds in memory. */
  get bytes(): number {
    return this.used.length * 9;
  }

  /** Adds the (already lower-cased) tag; false when it was there before. */
  add(tag: string): boolean {
    const [h, l] = fingerprint(tag);
    if (!this.insert(h, l)) return false;
    this.count += 1;
    if (this.count * 2 > this.used.length) this.grow();
    return true;
  }

  private insert(h: number, l: number): boolean {
    const mask = this.used.length - 1;
    for (let i = (h ^ l) & mask; ; i = (i + 1) & mask) {
      if (!this.used[i]) {
        this.used[i] = 1;
        this.hi[i] = h;
        this.lo[i] = l;
        return true;
      }
      if (this.hi[i] === h && this.lo[i] === l) return false;
    }
  }

  private grow(): void {
    const { hi, lo, used } = this;
    this.hi = new Uint32Array(used.length * 2);
    this.lo = new Uint32Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    for (let i = 0; i < used.length; i++) if (used[i]) this.insert(hi[i]!, lo[i]!);
  }
}

/** Two independent 32-bit hashes of the text's UTF-16 units (cyrb53's mixing, both halves kept). */
function fingerprint(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
