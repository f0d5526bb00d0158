/** Spec §2: a protected route shows 'Loading...' while the session loads and sends visitors to /login. */
import { Box, Typography } from "@mui/material";
import { authTexts } from "@poleatlas/shared";
import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { useAuth } from "../features/auth";

/**
 * Its own chunk: the live stream marks the map's queries stale, so it reaches into every map
 * feature; imported here directly it put them all into the sign-in page's first load.
 */
const LiveUpdates = lazy(() => import("./live/live-updates").then((m) => ({ default: m.LiveUpdates })));

export function ProtectedRoute() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <Box role="status" sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
        <Typography>{authTexts.loading}</Typography>
      </Box>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  return (
    <>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <Outlet />
    </>
  );
}
