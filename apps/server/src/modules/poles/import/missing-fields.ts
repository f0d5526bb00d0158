/**
 * What a re-import does to a pole's fields the file has no column for: by default they stay as
 * stored (a register of tags and positions only must not empty the poles' heights and owners);
 * with `clearMissing` they are cleared, the file then being the whole register. An attribute
 * column with an empty cell removes that attribute either way. And what the import changes, per
 * field, for the dry run to show before anything is written.
 */
import type { PoleImportFieldChange } from "@poleatlas/shared";
import type { StoredPole } from "./import.repository";
import { FIELD_BITS, REGISTER_FIELDS, type PoleInput } from "./pole-input";

/** The row as it would be written over `pole`: the fields it lacks taken from the pole. */
export function keepMissing(row: PoleInput, pole: StoredPole): PoleInput {
  const next = { ...row };
  for (const field of REGISTER_FIELDS)
    if ((row.present & FIELD_BITS[field]) === 0) (next as Record<string, unknown>)[field] = pole[field];
  const attributes = Object.create(null) as PoleInput["attributes"];
  for (const [name, value] of Object.entries(pole.attributes))
    if (!row.emptied?.includes(name)) attributes[name] = value;
  Object.assign(attributes, row.attributes);
  next.attributes = attributes;
  return next;
}

const FIELD_ORDER: string[] = ["position", ...REGISTER_FIELDS];

/** The positions are one within this (as the import compares them). */
const SAME_PLACE_DEGREES = 1e-9;

/** Per field and attribute: how many poles an import changes (to another value) or clears. */
export class FieldChanges {
  private readonly counts = new Map<string, PoleImportFieldChange>();

  /** Counts what writing `next` over `pole` changes. */
  add(pole: StoredPole, next: PoleInput): void {
    if (
      Math.abs(pole.latitude - next.latitude) >= SAME_PLACE_DEGREES ||
      Math.abs(pole.longitude - next.longitude) >= SAME_PLACE_DEGREES
    )
      this.count("position", "field", false);
    for (const field of REGISTER_FIELDS)
      if (pole[field] !== next[field]) this.count(field, "field", next[field] === null);
    const names = new Set([...Object.keys(pole.attributes), ...Object.keys(next.attributes)]);
    for (const name of names) {
      const before = Object.hasOwn(pole.attributes, name) ? pole.attributes[name] : undefined;
      const after = Object.hasOwn(next.attributes, name) ? next.attributes[name] : undefined;
      if (before !== after) this.count(name, "attribute", after === undefined);
    }
  }

  /** Fields first (position, then the register's order), then attributes by name. */
  list(): PoleImportFieldChange[] {
    const order = (c: PoleImportFieldChange) =>
      c.kind === "field" ? FIELD_ORDER.indexOf(c.name) : FIELD_ORDER.length;
    return [...this.counts.values()].sort(
      (a, b) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  }

  private count(name: string, kind: PoleImportFieldChange["kind"], cleared: boolean): void {
    const key = `${kind}:${name}`;
    let entry = this.counts.get(key);
    if (!entry) this.counts.set(key, (entry = { name, kind, changed: 0, cleared: 0 }));
    if (cleared) entry.cleared += 1;
    else entry.changed += 1;
  }
}
