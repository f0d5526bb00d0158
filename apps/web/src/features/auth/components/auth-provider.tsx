/**
 * Keeps the current user for the whole app (spec §1, §4 "Authentication state"): loading at
 * start, then the stored session's user or none; every later change replaces it. Changes made in
 * another tab arrive through a BroadcastChannel; a returning tab re-reads the session.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { signInWithPassword } from "../api/sign-in";
import { finishPendingSignOut, sessionGoneAnyway, signOutSession } from "../api/sign-out";
import { signUpWithPassword } from "../api/sign-up";
import { sessionQueryKey, sessionQueryOptions } from "../api/get-session";
import { AuthContext, type AuthContextValue } from "../hooks/auth-context";
import { setSignOutPending, signOutPending, subscribeSignOutPending } from "../lib/pending-sign-out";
import { clearUserData, sessionConfirmed } from "../../../lib/offline/user-data";

const CHANNEL = "poleatlas-auth";

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    channel.current = ch;
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [queryClient]);

  useEffect(() => {
    if (session.error) console.error("Could not read the session", session.error);
  }, [session.error]);

  const pending = useSyncExternalStore(subscribeSignOutPending, signOutPending);
  // Back online, a Logout made offline is finished (reading the session does it first).
  useEffect(() => {
    const online = () => {
      if (signOutPending()) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [queryClient]);

  const changed = useCallback(() => channel.current?.postMessage("changed"), []);

  const signIn = useCallback<AuthContextValue["signIn"]>(
    async (email, password) => {
      // A session left from a Logout made offline ends before a new one starts…
      await finishPendingSignOut();
      const user = await signInWithPassword(email, password);
      // …and if it could not, this device no longer holds its cookie: the new session replaced it.
      setSignOutPending(false);
      // Another user's copies kept on this device go before this user's first answer is cached.
      await sessionConfirmed(user);
      queryClient.setQueryData(sessionQueryKey, user);
      changed();
      return user;
    },
    [queryClient, changed],
  );

  const signUp = useCallback<AuthContextValue["signUp"]>(
    (email, password) => signUpWithPassword(email, password),
    [],
  );

  const signOut = useCallback<AuthContextValue["signOut"]>(async () => {
    // Kept until the server ends the session: offline, the HttpOnly cookie outlives this call.
    setSignOutPending(true);
    try {
      await signOutSession();
      setSignOutPending(false);
    } catch (e) {
      if (sessionGoneAnyway(e)) setSignOutPending(false);
      throw e;
    } finally {
      // Whatever the server answered (a 500, a session already gone), this tab forgets the user:
      // a sign-out that leaves the user shown as signed in would be worse than a stale cookie.
      queryClient.setQueryData(sessionQueryKey, null);
      // Nobody's photos or usage may outlive the session in the cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      // …nor in the service worker's copies kept for offline use.
      await clearUserData().catch((e: unknown) => console.error("Could not clear the offline data", e));
      changed();
    }
  }, [queryClient, changed]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.data ?? null,
      loading: session.isPending,
      error: session.error,
      signIn,
      signUp,
      signOut,
      signOutPending: pending,
    }),
    [session.data, session.isPending, session.error, signIn, signUp, signOut, pending],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
