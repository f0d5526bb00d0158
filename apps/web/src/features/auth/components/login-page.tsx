import { Box, Paper } from "@mui/material";
import { Brand } from "../../../components/brand";

export function LoginPage() {
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "#000", display: "grid", placeItems: "center", p: 2 }}>
      <Paper sx={{ p: 4, width: "100%", maxWidth: 440 }} elevation={6}>
        <Brand />
      </Paper>
    </Box>
  );
}
