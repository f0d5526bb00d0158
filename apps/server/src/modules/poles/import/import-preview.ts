/**
 * What a dry run shows before anything is written: the area the accepted rows cover and a sample
 * of their positions spread over the whole file (a register sorted by street would show only its
 * first street in its first rows), so a wrong coordinate system is seen on the globe at once.
 * The sample is a reservoir with a fixed seed: the same file always shows the same points.
 */
import { MAX_IMPORT_SAMPLE, type PoleImportResult } from "@poleatlas/shared";
import { suggestSystems, MAX_SAMPLED } from "./suggest-crs";

type Sampled = PoleImportResult["sample"][number];

export class ImportPreview {
  readonly sample: Sampled[] = [];
  bounds: PoleImportResult["bounds"] = null;
  private seen = 0;
  private seed = 0x2545f491;
  /** Raw positions of rows that looked projected, to suggest their system from. */
  private readonly projected: [number, number][] = [];

  add(tag: string | null, longitude: number, latitude: number): void {
    const b = this.bounds;
    if (!b) this.bounds = { minLon: longitude, minLat: latitude, maxLon: longitude, maxLat: latitude };
    else {
      b.minLon = Math.min(b.minLon, longitude);
      b.minLat = Math.min(b.minLat, latitude);
      b.maxLon = Math.max(b.maxLon, longitude);
      b.maxLat = Math.max(b.maxLat, latitude);
    }
    this.seen += 1;
    if (this.sample.length < MAX_IMPORT_SAMPLE) this.sample.push({ tag, longitude, latitude });
    else {
      const i = Math.floor(this.random() * this.seen);
      if (i < MAX_IMPORT_SAMPLE) this.sample[i] = { tag, longitude, latitude };
    }
  }

  /** A row that looked projected: the first MAX_SAMPLED are kept. */
  looksProjected(xy: [number, number]): void {
    if (this.projected.length < MAX_SAMPLED) this.projected.push(xy);
  }

  /**
   * The likely systems of the rows that looked projected; undefined when none did. `places`: where
   * the workspace has poles or photos, asked only when some rows looked projected.
   */
  async suggestions(places: () => Promise<[number, number][]>): Promise<PoleImportResult["suggestedCrs"]> {
    return this.projected.length === 0 ? undefined : suggestSystems(this.projected, await places());
  }

  /** xorshift32: enough to spread a sample, the same every run. */
  private random(): number {
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x >>> 0;
    return this.seed / 4294967296;
  }
}
