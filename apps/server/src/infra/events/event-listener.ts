/**
 * One LISTEN connection per server process, whatever the number of open streams: every NOTIFY on
 * the channel is parsed once and handed to the subscribers of its workspace, in memory. The
 * connection is outside the pool (a stream holds no pool connection). When it drops (PostgreSQL
 * restarted, a network cut) it is opened again, and every subscriber hears `reconnected`: events
 * of the time in between may be lost, so screens read everything again.
 */
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

export type ListenerNotice<E> = { kind: "event"; event: E } | { kind: "reconnected" };
type Handler<E> = (notice: ListenerNotice<E>) => void;

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

export class EventListener<E extends { workspace_id: string }> {
  private client: pg.Client | null = null;
  private readonly subscribers = new Map<string, Set<Handler<E>>>();
  private stopped = false;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: { connection: pg.ClientConfig; channel: string; log: FastifyBaseLogger },
    private readonly parse: (payload: string) => E | null,
  ) {}

  /** Connects once; a failure is logged and retried in the background (streams then wait). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Calls `handler` for the workspace's events until the returned function is called. */
  subscribe(workspaceId: string, handler: Handler<E>): () => void {
    let set = this.subscribers.get(workspaceId);
    if (!set) this.subscribers.set(workspaceId, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.subscribers.get(workspaceId) === set) this.subscribers.delete(workspaceId);
    };
  }

  /** Open subscriptions of every workspace (tests, logs). */
  get subscriptionCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.options.connection);
    client.on("notification", (msg) => {
      if (msg.channel === this.options.channel && msg.payload) this.deliver(msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.options.log.warn({ err }, "the live-update listener lost its database connection");
      client.end().catch(() => {});
      this.retry();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.options.channel)}`);
    } catch (err) {
      client.end().catch(() => {});
      if (this.stopped) return;
      this.options.log.warn({ err }, "the live-update listener could not connect; retrying");
      this.retry();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    // Streams opened while it was down (or before it dropped) may have missed events: all of
    // them read everything again. At start-up there are none yet.
    if (this.subscriptionCount > 0) this.options.log.info("the live-update listener is connected again");
    this.broadcast({ kind: "reconnected" });
  }

  private retry(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }

  private deliver(payload: string): void {
    const event = this.parse(payload);
    if (!event) {
      this.options.log.warn(
        { payload: payload.slice(0, 200) },
        "an unreadable live-update notice was dropped",
      );
      return;
    }
    for (const handler of [...(this.subscribers.get(event.workspace_id) ?? [])])
      handler({ kind: "event", event });
  }

  private broadcast(notice: ListenerNotice<E>): void {
    for (const set of this.subscribers.values()) for (const handler of [...set]) handler(notice);
  }
}
