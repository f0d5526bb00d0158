/** The current user is server data: it lives in TanStack Query under one key. */
import { queryOptions } from "@tanstack/react-query";
import { fetchSessionUser } from "./auth-api";

export const sessionQueryKey = ["auth", "session"] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
  staleTime: 60_000,
  // Coming back to the tab re-reads the session: a sign-out elsewhere shows at once.
  refetchOnWindowFocus: true,
  retry: 1,
});
