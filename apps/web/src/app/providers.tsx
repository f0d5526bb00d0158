import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { onReconnect } from "../lib/offline/connectivity";
import { onTabWorkspaceLost } from "../lib/tab-workspace";
import type { WorkspacesResponse } from "@poleatlas/shared";
import { AuthProvider } from "../features/auth";
import { workspaceKeys } from "../features/workspaces";
import { showRemoved } from "./live/removed-notice";
import { theme } from "./theme";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // 'offlineFirst': with the browser offline a query still runs once, so the service
          // worker can answer it from its copy (the default 'online' would wait for the network).
          queries: { retry: 1, refetchOnWindowFocus: false, networkMode: "offlineFirst" },
        },
      }),
  );
  // The server reachable again: everything on screen is asked afresh (copies and errors alike).
  useEffect(() => onReconnect(() => void queryClient.invalidateQueries()), [queryClient]);
  // The tab's workspace refused (left or removed): say which team, then read everything again in
  // the session's workspace.
  useEffect(
    () =>
      onTabWorkspaceLost((lost) => {
        const team = queryClient
          .getQueryData<WorkspacesResponse>(workspaceKeys.all)
          ?.workspaces.find((w) => w.id === lost && w.kind === "team");
        if (team) showRemoved({ workspace_id: team.id, name: team.name });
        void queryClient.resetQueries();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AuthProvider>{children}</AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
