/**
 * An import's columns go to PostgreSQL as array literals the server writes: every value reads
 * back as it was sent, whatever quotes, backslashes, commas, braces or spellings of NULL it holds.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { bareArray, numberArray, textArray } from "../../src/modules/poles/import/array-literals";
import { timeOrderedIds } from "../../src/modules/poles/import/time-ordered-ids";
import { useTestApp } from "../helpers/setup";

const t = useTestApp();

async function readBack(literal: string, type: string): Promise<unknown[]> {
  const res = await t.db.database.db.execute(sql`SELECT ${sql.param(literal)}::${sql.raw(type)} AS a`);
  return (res.rows[0] as { a: unknown[] }).a;
}

it("reads texts back as they were", async () => {
  const texts = [
    "plain",
    "",
    null,
    "NULL",
    "null",
    'say "hi"',
    "back\\slash",
    '\\"',
    "a,b",
    "{braces}",
    "  spaced  ",
    "two\nlines",
    "Ünïcödé ✓",
    '{"owner":"Utility \\"A\\""}',
  ];
  expect(await readBack(textArray(texts), "text[]")).toEqual(texts);
  expect(await readBack(textArray([]), "text[]")).toEqual([]);
});

it("reads numbers back to the last digit", async () => {
  const numbers = [0, -0.5, 37.47433234851291, -122.2638289765089, 1e21, 1.5e-7, null, 12.192];
  expect(await readBack(numberArray(numbers), "float8[]")).toEqual(numbers);
  expect(await readBack(numberArray([1950, null, 2026]), "int[]")).toEqual([1950, null, 2026]);
});

it("reads ids back", async () => {
  const ids = timeOrderedIds(3);
  expect(await readBack(bareArray(ids), "uuid[]")).toEqual(ids);
});
