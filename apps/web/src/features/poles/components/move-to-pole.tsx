/**
 * "Move to another pole": the region's nearest poles, each told apart by its tag or label, how far
 * and which way it stands from the photo, its photo count and its latest photo; the entry in focus
 * (or under the pointer) is ringed on the globe, so the user sees where the photo would go.
 */
import { Avatar, Box, MenuItem, TextField, Typography } from "@mui/material";
import { poleTexts } from "@poleatlas/shared";
import { useEffect, useMemo, useState } from "react";
import { usePoleCandidates } from "../api/get-pole-candidates";
import type { NearPole } from "../lib/nearest-poles";
import { pointAtCandidate } from "../lib/move-candidate";

/** Which way the pole lies from the photo, to the nearest of the eight compass points. */
const direction = (bearing: number) => poleTexts.compass[Math.round(bearing / 45) % 8]!;

/** "12 m NE · 3 photos" */
export const whereAndSize = (p: NearPole) =>
  [poleTexts.distance(p.metres, direction(p.bearing)), poleTexts.poleSummary(p.count)].join(" · ");

const THUMB_PX = 40;

export interface MoveToPoleProps {
  /** The region's nearest poles, nearest first (nearest-poles.ts). */
  others: readonly NearPole[];
  disabled: boolean;
  /** A pole was chosen; `name` is how the move's notice names it. */
  onChoose: (poleId: string, name: string) => void;
}

export function MoveToPole({ others, disabled, onChoose }: MoveToPoleProps) {
  const [open, setOpen] = useState(false);
  const ids = useMemo(() => others.map((p) => p.id), [others]);
  const cards = usePoleCandidates(ids, open);
  const cardOf = useMemo(() => new Map((cards.data ?? []).map((c) => [c.id, c] as const)), [cards.data]);
  // The ring goes with the list: closing the panel or the photo leaves no pole ringed.
  useEffect(() => () => pointAtCandidate(null), []);
  const nameOf = (p: NearPole) => cardOf.get(p.id)?.tag || p.label || poleTexts.poleLabelEmpty;
  /** "P-7 · 111 m N · 3 photos": the entry's name for screen readers and the move's notice. */
  const fullName = (p: NearPole) => `${nameOf(p)} · ${whereAndSize(p)}`;
  const close = () => {
    setOpen(false);
    pointAtCandidate(null);
  };
  return (
    <TextField
      select
      size="small"
      label={poleTexts.moveToPole}
      value=""
      disabled={others.length === 0 || disabled}
      onChange={(e) => {
        const to = others.find((p) => p.id === e.target.value);
        close();
        if (to) onChoose(to.id, nameOf(to) === poleTexts.poleLabelEmpty ? fullName(to) : nameOf(to));
      }}
      slotProps={{ select: { open, onOpen: () => setOpen(true), onClose: close } }}
      sx={{ flex: "1 1 220px" }}
    >
      {others.map((p) => {
        const thumbnail = cardOf.get(p.id)?.thumbnail_url ?? undefined;
        return (
          <MenuItem
            key={p.id}
            value={p.id}
            aria-label={fullName(p)}
            onFocus={() => pointAtCandidate(p.id)}
            onMouseEnter={() => pointAtCandidate(p.id)}
            sx={{ gap: 1.5 }}
          >
            <Avatar variant="rounded" src={thumbnail} alt="" sx={{ width: THUMB_PX, height: THUMB_PX }}>
              {/* No photo yet (an imported pole) or the list is still loading: an empty tile. */}{" "}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {nameOf(p)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {whereAndSize(p)}
              </Typography>
            </Box>
          </MenuItem>
        );
      })}
    </TextField>
  );
}
