/**
 * 'Loading the globe…' over the map's area: while Cesium's chunk downloads, and then until the
 * globe has drawn its first frame (creating the viewer and its first draw take seconds on a slow
 * machine, and the area stayed black and silent meanwhile).
 */
import { Box, CircularProgress, Typography } from "@mui/material";
import { loadTexts } from "../config/texts";

export function GlobeLoading() {
  return (
    <Box
      role="status"
      data-testid="globe-loading"
      sx={{
        position: "absolute",
        inset: 0,
        display: "grid",
        placeItems: "center",
        bgcolor: "#000",
        zIndex: 1,
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography color="text.secondary">{loadTexts.globeLoading}</Typography>
      </Box>
    </Box>
  );
}
