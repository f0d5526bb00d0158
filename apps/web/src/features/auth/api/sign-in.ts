import type { AuthUser } from "@poleatlas/shared";
import { ApiError, apiClient } from "../../../lib/api-client";
import { userAnswerSchema } from "./user-answer";

export async function signInWithPassword(email: string, password: string): Promise<AuthUser> {
  const res = await apiClient.post("/api/auth/sign-in/email", { email, password }, userAnswerSchema);
  if (!res.user) throw new ApiError(500, "NO_USER", "Sign-in returned no user");
  return res.user;
}
