import { adminTexts } from "@poleatlas/shared";
import { ApiError } from "../../../lib/api-client";

/** A refusal's own words (better-auth's and ours are meant for users); anything else a plain text. */
export function errorText(e: unknown): string {
  return e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : adminTexts.failed;
}
