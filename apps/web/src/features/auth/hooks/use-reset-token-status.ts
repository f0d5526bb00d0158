import { useQuery } from "@tanstack/react-query";
import { fetchResetTokenStatus } from "../api/password-reset";

/** Asks the server what a reset link is worth, once per token (the answer is server data). */
export function useResetTokenStatus(token: string | null) {
  return useQuery({
    queryKey: ["auth", "reset-token", token],
    queryFn: () => fetchResetTokenStatus(token ?? ""),
    enabled: token !== null && token !== "",
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
