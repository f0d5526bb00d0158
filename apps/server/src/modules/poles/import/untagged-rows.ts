/**
 * A batch's rows without a tag, in file order: each updates the nearest pole within the spot
 * radius or creates one. One statement finds every row's nearest stored pole; a row asks again on
 * its own (after the rows before it are written) only where an earlier row of the batch created
 * or moved a pole near it, or moved the pole it found, so the outcome is the one-by-one outcome:
 * a row may land next to the pole the row before made.
 */
import type { Executor } from "../../../infra/db/database";
import { importRepository as repo, type StoredPole } from "./import.repository";
import type { PoleInput } from "./pole-input";

const EARTH_RADIUS_M = 6371008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The pole rule's distance (utility_pole_distance) in metres. */
function distance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Positions in cells of `reach` metres (longitude cells as wide in degrees as latitude ones, so
 * more of them are searched away from the equator). `reach` is a margin over the radius: a doubtful
 * row asks the database, which decides exactly.
 */
class Placed {
  private cells = new Map<string, [number, number][]>();
  private all: [number, number][] = [];
  private readonly band: number;
  constructor(private readonly reach: number) {
    this.band = reach / 111194.9;
  }

  add(lat: number, lon: number): void {
    const key = `${Math.floor(lat / this.band)}:${Math.floor(lon / this.band)}`;
    const cell = this.cells.get(key);
    if (cell) cell.push([lat, lon]);
    else this.cells.set(key, [[lat, lon]]);
    this.all.push([lat, lon]);
  }

  near(lat: number, lon: number): boolean {
    const hit = (p: [number, number]) => distance(p[0], p[1], lat, lon) <= this.reach;
    const cos = Math.cos(rad(Math.min(89, Math.abs(lat) + this.band)));
    const wide = Math.ceil(1 / cos);
    // Near the poles or the antimeridian the cells do not help: look at every one.
    if (wide > 8 || Math.abs(lon) + wide * this.band > 179) return this.all.some(hit);
    const y = Math.floor(lat / this.band);
    const x = Math.floor(lon / this.band);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -wide; dx <= wide; dx++)
        if (this.cells.get(`${y + dy}:${x + dx}`)?.some(hit)) return true;
    return false;
  }
}

export interface UntaggedOptions {
  workspaceId: string;
  userId: string;
  radius: number;
  dryRun: boolean;
  /** The row would change nothing on the pole. */
  unchanged: (row: PoleInput, pole: StoredPole) => boolean;
  toWrite: (row: PoleInput) => Omit<Parameters<typeof repo.update>[2][number], "id">;
}

export async function applyUntagged(tx: Executor, rows: PoleInput[], o: UntaggedOptions) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const found = await repo.nearestEach(tx, o.workspaceId, rows, o.radius);
  // Where this batch put poles so far, and the stored poles it changed.
  const placed = new Placed(o.radius * 1.5 + 1);
  const changed = new Set<string>();
  let inserts: PoleInput[] = [];
  let updates: (PoleInput & { id: string })[] = [];
  const write = async () => {
    if (o.dryRun) return;
    await repo.insert(tx, o.workspaceId, inserts);
    await repo.update(
      tx,
      o.workspaceId,
      updates.map((u) => ({ ...o.toWrite(u), id: u.id })),
      o.userId,
    );
    inserts = [];
    updates = [];
  };
  for (const [i, row] of rows.entries()) {
    let pole = found[i] ?? null;
    const affected = (pole !== null && changed.has(pole.id)) || placed.near(row.latitude, row.longitude);
    if (affected) {
      await write();
      pole = await repo.nearest(tx, o.workspaceId, row.latitude, row.longitude, o.radius);
    }
    if (!pole) {
      counts.created += 1;
      inserts.push(row);
      placed.add(row.latitude, row.longitude);
    } else if (o.unchanged(row, pole)) counts.unchanged += 1;
    else {
      counts.updated += 1;
      updates.push({ ...row, id: pole.id });
      changed.add(pole.id);
      placed.add(row.latitude, row.longitude);
    }
  }
  await write();
  return counts;
}
