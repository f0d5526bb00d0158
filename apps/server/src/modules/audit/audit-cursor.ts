/** The trail's page cursor: the last entry's id, opaque to clients (base64url). */
import { messages } from "@poleatlas/shared";
import { badRequest } from "../../errors";

const MAX_BIGINT = 2n ** 63n - 1n;

export const encodeCursor = (id: string) => Buffer.from(id).toString("base64url");

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, "base64url").toString();
  // A bigint id: 19 digits may still be past its largest value, which PostgreSQL refuses (a 500).
  if (!/^[1-9][0-9]{0,18}$/.test(id) || BigInt(id) > MAX_BIGINT) {
    throw badRequest(messages.invalidCursor, "invalid_cursor");
  }
  return id;
}
