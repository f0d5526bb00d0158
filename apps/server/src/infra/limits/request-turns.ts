/**
 * Turns for one kind of request, held from the handler to the end of its answer: `perUser` of one
 * user at a time and `total` of everyone's together, both in arrival order. The per-user turn
 * keeps one user from crowding out the others; the total bounds what all of them hold in memory at
 * once (pages being built, answers waiting for slow readers), whatever the number of users.
 */
import type { FastifyReply } from "fastify";
import type { LeakWatch } from "./leak-watch";
import { holdForRequest } from "./request-end";
import { TurnGate } from "./turn-gate";

/** The single key of the total gate. */
const EVERYONE = "*";

export class RequestTurns {
  private readonly perUser: TurnGate;
  private readonly total: TurnGate;
  /** Turns of everyone together. */
  readonly totalLimit: number;

  constructor(name: string, limits: { perUser: number; total: number; watch?: LeakWatch }) {
    this.totalLimit = limits.total;
    this.perUser = new TurnGate(`${name} per user`, limits.perUser, limits.watch);
    this.total = new TurnGate(`${name} in all`, limits.total, limits.watch);
  }

  /**
   * Waits for this request's turns and holds them until the request ends, however it ends; a
   * client gone before then leaves the queue and is answered 499 (see holdForRequest).
   */
  hold(reply: FastifyReply, userId: string): Promise<void> {
    return holdForRequest(reply, async (signal) => {
      const mine = await this.perUser.acquire(userId, signal);
      try {
        const all = await this.total.acquire(EVERYONE, signal);
        return () => {
          all();
          mine();
        };
      } catch (err) {
        mine();
        throw err;
      }
    });
  }

  /** Turns held and requests waiting, for one user and for everyone (tests, logs). */
  stats(userId: string) {
    return {
      mine: this.perUser.active(userId),
      mineWaiting: this.perUser.waiting(userId),
      all: this.total.active(EVERYONE),
      allWaiting: this.total.waiting(EVERYONE),
    };
  }
}
