/**
 * A pass-through that hashes the bytes going through it (SHA-256), so an upload is hashed while
 * it streams to disk instead of being read back afterwards: that second read queued behind the
 * thumbnails for the libuv pool's threads and cost ~28 ms per 12 MP photo (BENCHMARKS.md "Ingest").
 */
import { createHash } from "node:crypto";
import { Transform } from "node:stream";

export interface Sha256Tap {
  stream: Transform;
  /** The hex digest of every byte that went through; call once the stream has ended. */
  digest(): string;
}

export function sha256Tap(): Sha256Tap {
  const hash = createHash("sha256");
  return {
    stream: new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    digest: () => hash.digest("hex"),
  };
}
