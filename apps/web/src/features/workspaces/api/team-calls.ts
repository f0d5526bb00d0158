/** Teams are better-auth organizations: creating one and switching the session's active one. */
import { teamSlug } from "@poleatlas/shared";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";

const created = z.object({ id: z.string() });
const anything = z.unknown();

function randomTail(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, "0");
}

export async function createTeam(name: string): Promise<string> {
  const body = { name: name.trim(), slug: teamSlug(name, randomTail()) };
  return (await apiClient.post("/api/auth/organization/create", body, created)).id;
}

/** `null` returns the session to the user's personal workspace. */
export async function setActiveWorkspace(teamId: string | null): Promise<void> {
  await apiClient.post("/api/auth/organization/set-active", { organizationId: teamId }, anything);
}
