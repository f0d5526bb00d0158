/**
 * Ends an answer whose reader has stopped taking it. A phone that loses its network mid-answer
 * leaves the socket open (no reset arrives) and the rest of the answer waiting in our buffers,
 * with whatever it holds: a list turn, an export's database connection. Node's idle timeout would
 * close it after minutes; this closes it once bytes have waited READER_STALL_SECONDS without one
 * of them moving. A slow reader that keeps taking bytes is never cut.
 */
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { whenAnswerCloses } from "./request-end";

/**
 * Where the socket's sending stands. A large answer is one write, and its bytes count as written
 * and pending until the kernel has taken the last of them: only libuv's own queue
 * (`_handle.writeQueueSize`, no public equivalent) shrinks while a slow reader takes it.
 */
const progress = (socket: Socket) =>
  `${socket.bytesWritten}/${socket.writableLength}/${(socket as Socket & { _handle?: { writeQueueSize?: number } })._handle?.writeQueueSize}`;

/**
 * Watches `res` until it closes; when bytes wait to be sent and none has moved for `stallMs`, the
 * socket is destroyed (the answer closes, and with it everything held for it) after `onStall`.
 */
export function endStalledReader(res: ServerResponse, stallMs: number, onStall: () => void): void {
  const socket = res.socket;
  // Injected requests (tests) have no real socket to watch.
  if (!socket || typeof socket.bytesWritten !== "number") return;
  let last = progress(socket);
  let movedAt = Date.now();
  const timer = setInterval(
    () => {
      const now = progress(socket);
      if (now !== last || socket.writableLength === 0) {
        last = now;
        movedAt = Date.now();
        return;
      }
      if (Date.now() - movedAt < stallMs) return;
      clearInterval(timer);
      onStall();
      socket.destroy();
    },
    Math.max(25, Math.min(5000, stallMs / 4)),
  );
  timer.unref();
  whenAnswerCloses(res, () => clearInterval(timer));
}
