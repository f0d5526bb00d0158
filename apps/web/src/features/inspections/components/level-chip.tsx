/**
 * A finding's level in the legend's hues: 1 High (red), 2 Medium (yellow), 3 Low (green). The
 * legend's own red and green carry white text at 3.7:1 and 2.8:1, under WCAG AA's 4.5:1 for the
 * chip's small text, so the chip takes darker shades of them; the text "Level 1" tells the levels
 * apart without colour.
 */
import { Chip } from "@mui/material";
import { inspectionTexts, type FindingLevel } from "@poleatlas/shared";

/** Background and text of each level's chip: each pair at least 4.5:1. */
const LEVEL_CHIP_COLOURS: Record<FindingLevel, { background: string; text: string }> = {
  1: { background: "#c62828", text: "#ffffff" },
  2: { background: "#ffeb3b", text: "#000000" },
  3: { background: "#2e7d32", text: "#ffffff" },
};

export function LevelChip({ level }: { level: FindingLevel }) {
  const { background, text } = LEVEL_CHIP_COLOURS[level];
  return (
    <Chip
      size="small"
      label={inspectionTexts.levelName(level)}
      sx={{ bgcolor: background, color: text, fontWeight: 600 }}
    />
  );
}
