/** The reset flow's calls: ask for the mail, check the link's token, set the new password. */
import { RESET_TOKEN_STATUS_PATH, resetTokenStatusSchema, type ResetTokenStatus } from "@poleatlas/shared";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";

/** The server builds the link from its PUBLIC_URL (<origin>/reset-password?token=…). */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post("/api/auth/request-password-reset", { email }, z.unknown());
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiClient.post("/api/auth/reset-password", { token, newPassword }, z.unknown());
}

export async function fetchResetTokenStatus(token: string): Promise<ResetTokenStatus> {
  const url = `${RESET_TOKEN_STATUS_PATH}?token=${encodeURIComponent(token)}`;
  return (await apiClient.get(url, resetTokenStatusSchema)).status;
}
