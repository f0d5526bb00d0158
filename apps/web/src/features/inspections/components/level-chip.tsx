/** A finding's level in the legend's colour: 1 High (red), 2 Medium (yellow), 3 Low (green). */
import { Chip } from "@mui/material";
import { inspectionTexts, LEVEL_CONDITION, RISK_COLORS, type FindingLevel } from "@poleatlas/shared";

export function LevelChip({ level }: { level: FindingLevel }) {
  const colour = RISK_COLORS[LEVEL_CONDITION[level]];
  return (
    <Chip
      size="small"
      label={inspectionTexts.levelName(level)}
      sx={{ bgcolor: colour, color: level === 2 ? "#000" : "#fff", fontWeight: 600 }}
    />
  );
}
