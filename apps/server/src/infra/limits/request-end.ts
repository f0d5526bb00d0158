/**
 * The one place a limit held for a request learns that the request is over. An answer's `close`
 * event fires once, however the request ends (answered, failed, or the client gone), but only to
 * listeners attached before it: a phone that drops a call while the session is still being
 * checked has fired it already, and a listener attached afterwards never hears of it. So the
 * state is read first, and the listener attached only when the answer is still open.
 */
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import { AppError } from "../../errors";

/** Calls `fn` once when the answer is done with: at once when it already is. */
export function whenAnswerCloses(res: ServerResponse, fn: () => void): void {
  if (res.closed || res.destroyed) fn();
  else res.once("close", fn);
}

/**
 * Answered to a request whose client left before it got its turn: nobody reads it (499, as
 * proxies log a client that closed the request), but the request's log line says what happened.
 */
export const clientGone = () => new AppError(499, "client_closed_request", "The client closed the request");

/**
 * Takes what `take` hands out (a turn, several turns) for as long as this request lasts, and
 * gives it back once when the request ends, whichever way. `take` gets a signal that aborts when
 * the client goes away while it waits, so a queued request leaves its queue; a client already
 * gone gets nothing held and a 499.
 */
export async function holdForRequest(
  reply: FastifyReply,
  take: (signal: AbortSignal) => Promise<() => void>,
): Promise<void> {
  const gone = new AbortController();
  const held: { release?: () => void } = {};
  whenAnswerCloses(reply.raw, () => {
    gone.abort();
    held.release?.();
  });
  let taken: () => void;
  try {
    taken = await take(gone.signal);
  } catch (err) {
    if (gone.signal.aborted) throw clientGone();
    throw err;
  }
  if (gone.signal.aborted) {
    taken();
    throw clientGone();
  }
  held.release = taken;
}
