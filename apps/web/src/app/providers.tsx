import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { onReconnect } from "../lib/offline/connectivity";
import { AuthProvider } from "../features/auth";
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
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AuthProvider>{children}</AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
