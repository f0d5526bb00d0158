import type { AuthUser } from "@poleatlas/shared";
import { createContext, useContext } from "react";

/** Spec §1: the current user, a loading flag, and the three actions. */
export interface AuthContextValue {
  user: AuthUser | null;
  loading: boolean;
  /** Set when the stored session could not be read (logged; the app then treats it as no user). */
  error: Error | null;
  signIn: (email: string, password: string) => Promise<AuthUser>;
  signUp: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Logout happened here but the server has not ended the session yet (the device was offline). */
  signOutPending: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
