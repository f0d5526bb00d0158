/**
 * At most `concurrency` requests of one user at a time; the rest wait their turn in order. A
 * user firing 60 list calls at once then holds one page in memory instead of 60, and other users'
 * requests are served between theirs instead of behind all of them (bench/list-load.ts).
 * Per process, like UploadSlots.
 */
interface Waiting {
  active: number;
  queue: (() => void)[];
}

export class PerUserGate {
  private readonly users = new Map<string, Waiting>();

  constructor(private readonly concurrency: number) {}

  /** Resolves when it is this request's turn, with the function that ends it (call it once). */
  async acquire(userId: string): Promise<() => void> {
    const user = this.users.get(userId) ?? { active: 0, queue: [] };
    this.users.set(userId, user);
    if (user.active >= this.concurrency) await new Promise<void>((resolve) => user.queue.push(resolve));
    else user.active += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = user.queue.shift();
      if (next) return next(); // the turn passes on: `active` stays
      user.active -= 1;
      if (user.active === 0) this.users.delete(userId);
    };
  }
}
