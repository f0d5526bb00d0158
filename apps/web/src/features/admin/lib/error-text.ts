import { adminTexts } from "@poleatlas/shared";
import { ApiError } from "../../../lib/api-client";

/**
 * better-auth's refusals whose own words mislead here: it tells an admin removing the owner that
 * "you cannot leave" the team.
 */
const CLEARER: Record<string, string> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: adminTexts.onlyOwner,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: adminTexts.onlyOwner,
};

/** A refusal's own words (better-auth's and ours are meant for users); anything else a plain text. */
export function errorText(e: unknown): string {
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return adminTexts.failed;
  return CLEARER[e.code] ?? e.message;
}
