/**
 * A keyset page from one row more than the page holds: that extra row only says a next page
 * exists, and the cursor is the page's last row's.
 */
export function keysetPage<Row, Cursor>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor,
): { page: Row[]; next: Cursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
