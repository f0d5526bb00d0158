/**
 * The Risk Levels legend at the globe's bottom right (spec §2 Map screen), plus 'Not rated'. Each
 * entry is a toggle button: pressed off, that risk level's poles leave the map. The toggles are named
 * "Show … poles", apart from the photo panel's rating buttons that show the same words.
 */
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, ButtonBase, Paper, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { mapScreenTexts, poleTexts, RISK_COLORS, type RiskKey } from "@poleatlas/shared";
import { riskLook } from "../globe/markers";

const LEVELS: { key: RiskKey; label: string; fill: string; ring: string }[] = [
  { key: "low", label: mapScreenTexts.lowRisk, fill: RISK_COLORS.low, ring: "#000" },
  { key: "medium", label: mapScreenTexts.mediumRisk, fill: RISK_COLORS.medium, ring: "#000" },
  { key: "high", label: mapScreenTexts.highRisk, fill: RISK_COLORS.high, ring: "#000" },
  // Drawn as on the map: a grey ring, never a yellow that would read as Medium.
  {
    key: "unrated",
    label: poleTexts.notRated,
    fill: riskLook("unrated").fill,
    ring: riskLook("unrated").outline,
  },
];

export interface RiskLegendProps {
  hidden: ReadonlySet<RiskKey>;
  onToggle: (key: RiskKey) => void;
  /** Narrow screens: a button that opens the list, so the legend does not cover the globe. */
  collapsible?: boolean;
}

export function RiskLegend({ hidden, onToggle, collapsible = false }: RiskLegendProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const showList = !collapsible || open;
  return (
    <Paper
      component="section"
      aria-label={mapScreenTexts.legendTitle}
      elevation={6}
      sx={{ position: "absolute", right: 16, bottom: 32, p: 1.5, zIndex: 1, bgcolor: "rgba(18,18,18,0.88)" }}
    >
      {collapsible ? (
        <Button
          size="small"
          color="inherit"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          endIcon={open ? <ExpandMoreIcon /> : <ExpandLessIcon />}
          sx={{ textTransform: "none", fontWeight: 600, mb: open ? 0.5 : 0 }}
        >
          {mapScreenTexts.legendTitle}
        </Button>
      ) : (
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          {mapScreenTexts.legendTitle}
        </Typography>
      )}
      <Stack spacing={0.25} id={listId} sx={{ display: showList ? undefined : "none" }}>
        {LEVELS.map(({ key, label, fill, ring }) => {
          const shown = !hidden.has(key);
          return (
            <ButtonBase
              key={key}
              aria-label={mapScreenTexts.legendToggleNames[key]}
              aria-pressed={shown}
              onClick={() => onToggle(key)}
              sx={{
                justifyContent: "flex-start",
                gap: 1,
                px: 0.5,
                py: 0.25,
                borderRadius: 1,
                opacity: shown ? 1 : 0.45,
              }}
            >
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: "50%",
                  bgcolor: fill,
                  border: `${key === "unrated" ? 3 : 1}px solid ${ring}`,
                }}
              />
              <Typography variant="body2" sx={{ textDecoration: shown ? "none" : "line-through" }}>
                {label}
              </Typography>
            </ButtonBase>
          );
        })}
      </Stack>
    </Paper>
  );
}
