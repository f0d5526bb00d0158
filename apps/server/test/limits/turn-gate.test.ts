import { describe, expect, it } from "vitest";
import { LeakWatch } from "../../src/infra/limits/leak-watch";
import { TurnAbandoned, TurnGate } from "../../src/infra/limits/turn-gate";

const tick = () => new Promise((r) => setImmediate(r));

describe("TurnGate", () => {
  it("lets one request of a user through at a time, in order, and other users alongside", async () => {
    const gate = new TurnGate("lists", 1);
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
    expect(gate.active("a")).toBe(0);
  });

  it("a waiter whose request ends leaves the queue: the turn goes to the one behind it", async () => {
    const gate = new TurnGate("lists", 1);
    const slow = await gate.acquire("a");
    const gone = new AbortController();
    const abandoned = gate.acquire("a", gone.signal);
    const behind = gate.acquire("a");
    expect(gate.waiting("a")).toBe(2);
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(TurnAbandoned);
    expect(gate.waiting("a")).toBe(1);
    slow();
    const next = await behind;
    expect(gate.active("a")).toBe(1);
    next();
    expect(gate.active("a")).toBe(0);
    expect(gate.waiting("a")).toBe(0);
  });

  it("a request already gone gets no turn at all", async () => {
    const gate = new TurnGate("lists", 1);
    await expect(gate.acquire("a", AbortSignal.abort())).rejects.toBeInstanceOf(TurnAbandoned);
    expect(gate.active("a")).toBe(0);
  });

  it("tryAcquire refuses instead of queueing", () => {
    const gate = new TurnGate("exports", 2);
    const one = gate.tryAcquire("a");
    const two = gate.tryAcquire("a");
    expect(gate.tryAcquire("a")).toBeNull();
    one?.();
    expect(gate.tryAcquire("a")).not.toBeNull();
    two?.();
  });
});

describe("LeakWatch", () => {
  it("takes back a turn held longer than the request timeout and logs it as a leak", async () => {
    let now = 0;
    const logged: object[] = [];
    const watch = new LeakWatch({
      maxHoldMs: 1000,
      now: () => now,
      log: { error: (obj) => logged.push(obj) },
    });
    const gate = new TurnGate("lists per user", 1, watch);
    const forgotten = await gate.acquire("a");
    const waiting = gate.acquire("a");
    now = 1000;
    expect(watch.sweep()).toBe(0); // not longer than the timeout yet
    now = 1001;
    expect(watch.sweep()).toBe(1);
    expect(logged).toEqual([{ limit: "lists per user", key: "a", heldSeconds: 1 }]);
    // The turn passed on to the waiter; the late release of the leaked one changes nothing.
    const next = await waiting;
    forgotten();
    expect(gate.active("a")).toBe(1);
    next();
    expect(gate.active("a")).toBe(0);
    expect(watch.count()).toBe(0);
  });
});
