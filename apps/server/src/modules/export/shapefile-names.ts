/**
 * A Shapefile's .dbf holds column names of at most 10 bytes. The export's own long names get
 * fixed short ones (the cuts the register import recognises); any other name is cut at 10 bytes
 * and, where two cuts meet, numbered (`name_1`), as GIS tools do.
 */
export const SHAPEFILE_NAMES: Record<string, string> = {
  installed_year: "inst_year",
  photo_count: "photo_cnt",
  last_photo_date: "last_photo",
  last_visit_on: "last_visit",
  inspection_due_on: "insp_due",
  uploaded_by: "upload_by",
  observed_on: "observed",
  resolved_on: "resolved",
  position_source: "pos_source",
  lean_toward_deg: "lean_dir",
  lean_apparent: "lean_appar",
  lean_measured_at: "lean_meas",
};

export const MAX_DBF_NAME_BYTES = 10;

/** The longest start of `name` that fits in `bytes` UTF-8 bytes, without cutting a character. */
export function cutUtf8(name: string, bytes: number): string {
  let out = "";
  for (const ch of name) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** The .dbf names of these columns, in order, each unique (case-insensitive) and <= 10 bytes. */
export function dbfNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let short = cutUtf8(SHAPEFILE_NAMES[name] ?? name, MAX_DBF_NAME_BYTES) || "field";
    for (let n = 1; taken.has(short.toLowerCase()); n++) {
      const suffix = `_${n}`;
      short = cutUtf8(SHAPEFILE_NAMES[name] ?? name, MAX_DBF_NAME_BYTES - suffix.length) + suffix;
    }
    taken.add(short.toLowerCase());
    return short;
  });
}
