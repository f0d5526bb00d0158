/** The auth screens' frame: black page, the brand, one card (spec §2 "Authentication screen"). */
import { Box, CircularProgress, Paper } from "@mui/material";
import type { ReactNode } from "react";
import { Brand } from "../../../components/brand";

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: "100vh", bgcolor: "#000", display: "grid", placeItems: "center", p: 2 }}
    >
      <Paper sx={{ p: 4, width: "100%", maxWidth: 440 }} elevation={6}>
        <Brand />
        {children}
      </Paper>
    </Box>
  );
}

/** A centred spinner on black, while a session or a link is being checked. */
export function BlackSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "#000", display: "grid", placeItems: "center" }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
