import { apiClient } from "../../../lib/api-client";
import { userAnswerSchema } from "./user-answer";

/** better-auth wants a name; the product has none, so it stays empty. */
export async function signUpWithPassword(email: string, password: string): Promise<void> {
  await apiClient.post("/api/auth/sign-up/email", { name: "", email, password }, userAnswerSchema);
}
