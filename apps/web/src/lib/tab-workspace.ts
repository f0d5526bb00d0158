/**
 * The workspace this tab works in. The session's active workspace is one for all tabs, so a switch
 * in one tab would move every other tab's next action with it: each tab keeps its own here
 * (sessionStorage is per tab) and names it on every request (X-Workspace-Id). A new tab starts
 * from the session's active one (the first GET /api/workspaces answer).
 */
import { forgetWithUserData } from "./offline/user-data";

const KEY = "poleatlas.workspace";

let memory: string | null = null;
const lostListeners = new Set<(lost: string | null) => void>();
// Signed out (or another user): the next one starts from their session's workspace.
forgetWithUserData(() => setTabWorkspace(null));

/** The tab's workspace id, or null before it is known (requests then use the session's). */
export function tabWorkspace(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return memory; // storage off: this page's memory is the tab
  }
}

export function setTabWorkspace(id: string | null): void {
  memory = id;
  try {
    if (id === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, id);
  } catch {
    // storage off: kept in memory
  }
}

/**
 * Runs `listener` with the refused workspace's id when the server refuses the tab's workspace (the
 * user left or was removed).
 */
export function onTabWorkspaceLost(listener: (lost: string | null) => void): () => void {
  lostListeners.add(listener);
  return () => {
    lostListeners.delete(listener);
  };
}

/**
 * The tab's workspace is not the user's any more: forget it, so requests fall back to the
 * session's active one, and let the screen read everything again.
 */
export function tabWorkspaceLost(): void {
  const lost = tabWorkspace();
  setTabWorkspace(null);
  for (const listener of lostListeners) listener(lost);
}
