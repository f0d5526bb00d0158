/** The Risk Levels legend at the globe's bottom right (spec §2 Map screen). */
import { Box, Paper, Stack, Typography } from "@mui/material";
import { mapScreenTexts } from "@poleatlas/shared";

const LEVELS = [
  { label: mapScreenTexts.lowRisk, color: "#4caf50" },
  { label: mapScreenTexts.mediumRisk, color: "#ffeb3b" },
  { label: mapScreenTexts.highRisk, color: "#f44336" },
] as const;

export function RiskLegend() {
  return (
    <Paper
      component="section"
      aria-label={mapScreenTexts.legendTitle}
      elevation={6}
      sx={{ position: "absolute", right: 16, bottom: 32, p: 1.5, zIndex: 1, bgcolor: "rgba(18,18,18,0.88)" }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {mapScreenTexts.legendTitle}
      </Typography>
      <Stack spacing={0.5}>
        {LEVELS.map(({ label, color }) => (
          <Stack key={label} direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Box
              sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: color, border: "1px solid #000" }}
            />
            <Typography variant="body2">{label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
