/**
 * A Shapefile's .dbf holds field names of at most 10 bytes, which dBASE and the GIS tools reading
 * it take as letters, digits and underscores starting with a letter, unique whatever the case.
 * The export's own long names get fixed short ones (the cuts the register import recognises);
 * an inspection type's columns are the type's code cut to 5, then `_last`, `_due` or `_stat`; any
 * other name has its accents dropped, every run of other characters made one `_`, an `f` put
 * before a first character that is not a letter, and is cut at 10; where two meet, the second is
 * numbered (`name_1`), as GIS tools do.
 */
import { INSPECTION_TYPE_COLUMN } from "@poleatlas/shared";

export const SHAPEFILE_NAMES: ReadonlyMap<string, string> = new Map([
  ["installed_year", "inst_year"],
  ["photo_count", "photo_cnt"],
  ["last_photo_date", "last_photo"],
  ["last_visit_on", "last_visit"],
  ["inspection_due_on", "insp_due"],
  ["uploaded_by", "upload_by"],
  ["observed_on", "observed"],
  ["resolved_on", "resolved"],
  ["position_source", "pos_source"],
  ["lean_toward_deg", "lean_dir"],
  ["lean_apparent", "lean_appar"],
  ["lean_measured_at", "lean_meas"],
  ["condition_source", "cond_src"],
  ["inspection_state", "insp_state"],
  ["pole_condition", "pole_cond"],
  ["pole_condition_source", "pole_csrc"],
  ["pole_inspection_state", "pole_insp"],
]);

export const MAX_DBF_NAME_BYTES = 10;
/** Fields a .dbf holds (its header counts them in one byte's worth of 32-byte descriptors). */
export const MAX_DBF_FIELDS = 255;

/** The longest start of `name` that fits in `bytes` UTF-8 bytes, without cutting a character. */
export function cutUtf8(name: string, bytes: number): string {
  let out = "";
  for (const ch of name) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

const TYPE_SUFFIX: Record<string, string> = { last_visit_on: "last", due_on: "due", state: "stat" };

/** A valid dBASE name for `name` before any numbering: see the module's comment. */
export function dbfBase(name: string): string {
  const fixed = SHAPEFILE_NAMES.get(name);
  if (fixed !== undefined) return fixed;
  let long = name;
  if (INSPECTION_TYPE_COLUMN.test(name)) {
    const [, code, part] = /^inspection_(.+)_(last_visit_on|due_on|state)$/.exec(name)!;
    long = `${code!.slice(0, 5)}_${TYPE_SUFFIX[part!]!}`;
  }
  let plain = long
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_]+/g, "_");
  if (!/^[A-Za-z]/.test(plain)) plain = `f${plain}`;
  return plain.slice(0, MAX_DBF_NAME_BYTES);
}

/** The .dbf names of these columns, in order, each unique (case-insensitive). Linear in names. */
export function dbfNames(names: string[]): string[] {
  const taken = new Set<string>();
  /** The next number to try after a base, so that many names cut alike are not counted up anew. */
  const next = new Map<string, number>();
  return names.map((name) => {
    const base = dbfBase(name);
    let short = base;
    let n = next.get(base.toLowerCase()) ?? 1;
    while (taken.has(short.toLowerCase())) {
      const suffix = `_${n++}`;
      short = base.slice(0, MAX_DBF_NAME_BYTES - suffix.length) + suffix;
    }
    next.set(base.toLowerCase(), n);
    taken.add(short.toLowerCase());
    return short;
  });
}
