import { describe, expect, it } from "vitest";
import { turns } from "../../src/infra/images/turns";

/** A piece of work that runs until the test lets it finish. */
function gated() {
  let finish!: (fail?: boolean) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = (fail) => (fail ? reject(new Error("work failed")) : resolve());
  });
  return { done, finish };
}

const settle = () => new Promise((r) => setImmediate(r));

describe("turns", () => {
  it("runs at most `size` at once, the rest in the order they came, and a failure gives its turn back", async () => {
    const inTurn = turns(2);
    const started: number[] = [];
    const works = Array.from({ length: 5 }, () => gated());
    const results = works.map((w, i) =>
      inTurn(async () => {
        started.push(i);
        await w.done;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);

    works[1]!.finish(true); // a failure
    await expect(results[1]).rejects.toThrow("work failed");
    await settle();
    expect(started).toEqual([0, 1, 2]);

    works[0]!.finish();
    expect(await results[0]).toBe(0);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    for (const w of works.slice(2)) w.finish();
    await settle();
    expect(await Promise.all(results.slice(2))).toEqual([2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });
});
