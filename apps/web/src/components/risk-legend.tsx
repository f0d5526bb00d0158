/**
 * The Risk Levels legend at the globe's bottom right (spec §2 Map screen), plus 'Not rated'. Each
 * entry is a toggle button: pressed off, its poles leave the map. The toggles are named
 * "Show … poles", apart from the photo panel's rating buttons that show the same words.
 * Two views: 'Condition' (the default: the spec's levels, plus Overdue, poles with an overdue
 * finding, drawn with a red ring and counted apart) and 'Inspection due' (current, due, overdue,
 * no inspection on record).
 */
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, ButtonBase, Paper, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useId, useState } from "react";
import {
  INSPECTION_CODES,
  inspectionTexts,
  mapScreenTexts,
  poleTexts,
  type RiskKey,
} from "@poleatlas/shared";
import { inspectionLook, OVERDUE_RING, riskLook, type LegendKey, type LegendMode } from "../globe/markers";

interface Entry {
  key: LegendKey;
  label: string;
  toggleName: string;
  fill: string;
  ring: string;
  /** Ring width in px: a grey (not rated) or red (overdue) ring reads as a ring. */
  ringWidth: number;
  count?: number;
}

const riskEntry = (key: RiskKey, label: string, look = riskLook(key)): Entry => ({
  key,
  label,
  toggleName: mapScreenTexts.legendToggleNames[key],
  // The spec's colours with a thin black outline; not rated as on the map: a grey ring, never a
  // yellow that would read as Medium.
  fill: look.fill,
  ring: key === "unrated" ? look.outline : "#000",
  ringWidth: key === "unrated" ? 3 : 1,
});

const CONDITION: Entry[] = [
  riskEntry("low", mapScreenTexts.lowRisk),
  riskEntry("medium", mapScreenTexts.mediumRisk),
  riskEntry("high", mapScreenTexts.highRisk),
  riskEntry("unrated", poleTexts.notRated),
];

const INSPECTION: Entry[] = INSPECTION_CODES.map((state) => ({
  key: `inspection-${state}` as const,
  label: inspectionTexts.legendInspectionNames[state],
  toggleName: inspectionTexts.legendInspectionToggles[state],
  fill: inspectionLook(state).fill,
  ring: inspectionLook(state).outline,
  ringWidth: state === "never" ? 3 : 1,
}));

export interface RiskLegendProps {
  hidden: ReadonlySet<LegendKey>;
  onToggle: (key: LegendKey) => void;
  /** The view shown: 'Condition' by default. */
  mode?: LegendMode;
  onModeChange?: (mode: LegendMode) => void;
  /** Poles with an overdue finding (the Condition view's Overdue entry). */
  overdueCount?: number;
  /** Narrow screens: a button that opens the list, so the legend does not cover the globe. */
  collapsible?: boolean;
}

function entriesOf(mode: LegendMode, overdueCount: number): Entry[] {
  if (mode === "inspection") return INSPECTION;
  return [
    ...CONDITION,
    {
      key: "overdue",
      label: inspectionTexts.overdue,
      toggleName: inspectionTexts.legendOverdueToggle,
      fill: "transparent",
      ring: OVERDUE_RING,
      ringWidth: 3,
      count: overdueCount,
    },
  ];
}

export function RiskLegend({
  hidden,
  onToggle,
  mode = "condition",
  onModeChange,
  overdueCount = 0,
  collapsible = false,
}: RiskLegendProps) {
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
        {onModeChange && (
          <Tabs
            value={mode}
            onChange={(_, next: LegendMode) => onModeChange(next)}
            aria-label={inspectionTexts.legendViews}
            variant="fullWidth"
            sx={{
              minHeight: 32,
              mb: 0.5,
              // One line each: 'Inspection due' wrapped onto two in the legend's narrow box.
              "& .MuiTab-root": {
                minHeight: 32,
                minWidth: 0,
                flex: "1 0 auto",
                py: 0.5,
                px: 1,
                textTransform: "none",
                whiteSpace: "nowrap",
              },
            }}
          >
            <Tab value="condition" label={inspectionTexts.legendCondition} />
            <Tab value="inspection" label={inspectionTexts.legendInspection} />
          </Tabs>
        )}
        {entriesOf(mode, overdueCount).map(({ key, label, toggleName, fill, ring, ringWidth, count }) => {
          const shown = !hidden.has(key);
          return (
            <ButtonBase
              key={key}
              aria-label={toggleName}
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
                  border: `${ringWidth}px solid ${ring}`,
                }}
              />
              <Typography variant="body2" sx={{ textDecoration: shown ? "none" : "line-through" }}>
                {label}
              </Typography>
              {count !== undefined && (
                <Typography variant="body2" color="text.secondary" sx={{ ml: "auto", pl: 1 }}>
                  {count}
                </Typography>
              )}
            </ButtonBase>
          );
        })}
      </Stack>
    </Paper>
  );
}
