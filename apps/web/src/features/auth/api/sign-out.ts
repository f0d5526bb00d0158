import { z } from "zod";
import { apiClient } from "../../../lib/api-client";

export async function signOutSession(): Promise<void> {
  await apiClient.post("/api/auth/sign-out", {}, z.unknown());
}
