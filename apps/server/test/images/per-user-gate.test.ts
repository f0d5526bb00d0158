import { describe, expect, it } from "vitest";
import { PerUserGate } from "../../src/modules/images/per-user-gate";

const tick = () => new Promise((r) => setImmediate(r));

describe("PerUserGate", () => {
  it("lets one request of a user through at a time, in order, and other users alongside", async () => {
    const gate = new PerUserGate(1);
    const order: string[] = [];
    const first = await gate.acquire("a");
    const second = gate.acquire("a").then((done) => (order.push("a2"), done));
    const third = gate.acquire("a").then((done) => (order.push("a3"), done));
    const other = await gate.acquire("b"); // not behind a's queue
    await tick();
    expect(order).toEqual([]);
    first();
    first(); // a second call changes nothing
    (await second)();
    (await third)();
    other();
    expect(order).toEqual(["a2", "a3"]);
    // Everything given back: a new request goes straight through.
    const again = await gate.acquire("a");
    again();
  });
});
