/** Spec §2: a protected route shows 'Loading...' while the session loads and sends visitors to /login. */
import { Box, Typography } from "@mui/material";
import { authTexts } from "@poleatlas/shared";
import { Navigate, Outlet } from "react-router";
import { useAuth } from "../features/auth";
import { LiveUpdates } from "./live/live-updates";

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
      <LiveUpdates />
      <Outlet />
    </>
  );
}
