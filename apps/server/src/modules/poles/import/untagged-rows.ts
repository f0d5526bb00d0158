/**
 * A batch's rows without a tag. Each is a pole of the register: two rows of one file are two poles
 * however close (double poles, stubs and anchors stand within metres of each other). A row finds
 * a stored pole only at its own position (within SAME_POSITION_METRES), and only a pole an earlier
 * import wrote: not a photo-made pole, not a pole this file made, not one another row of this
 * file already found. So importing the same file again updates its poles instead of doubling
 * them, and rows at one spot find one pole each. One statement answers every row's candidates.
 */
import type { Executor } from "../../../infra/db/database";
import { importRepository as repo, type StoredPole } from "./import.repository";
import type { PoleInput } from "./pole-input";
import type { TagSet } from "./tag-set";

/** How far a row may be from the pole it updates: the same position, to a GPS's rounding. */
export const SAME_POSITION_METRES = 0.5;

export interface UntaggedOptions {
  workspaceId: string;
  userId: string;
  dryRun: boolean;
  /** When this import began (the database's clock): poles made since are this file's. */
  startedAt: string;
  /** The poles rows of this file found so far, by id. */
  claimed: TagSet;
  /** The row as written over the pole, or null: it would change nothing. */
  settle: (row: PoleInput, pole: StoredPole) => PoleInput | null;
  toWrite: (row: PoleInput) => Omit<Parameters<typeof repo.update>[2][number], "id">;
}

export async function applyUntagged(tx: Executor, rows: PoleInput[], o: UntaggedOptions) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const candidates = await repo.importedAt(tx, o.workspaceId, rows, SAME_POSITION_METRES, o.startedAt);
  const inserts: PoleInput[] = [];
  const updates: (PoleInput & { id: string })[] = [];
  for (const [i, row] of rows.entries()) {
    // The nearest pole no other row of the file has found (add answers false for a found one).
    const pole = candidates[i]!.find((p) => o.claimed.add(p.id)) ?? null;
    if (!pole) {
      counts.created += 1;
      inserts.push(row);
      continue;
    }
    const next = o.settle(row, pole);
    if (next === null) counts.unchanged += 1;
    else {
      counts.updated += 1;
      updates.push({ ...next, id: pole.id });
    }
  }
  if (!o.dryRun) {
    await repo.insert(tx, o.workspaceId, inserts);
    await repo.update(
      tx,
      o.workspaceId,
      updates.map((u) => ({ ...o.toWrite(u), id: u.id })),
      o.userId,
    );
  }
  return counts;
}
