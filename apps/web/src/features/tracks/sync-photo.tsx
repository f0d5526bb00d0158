/**
 * 'Use a sync photo': pick one of the photos (a thumbnail list) that shows a GPS unit's or a
 * phone's clock, type the time it shows (the date defaults to the camera's), and the offset
 * (shown − camera time, clock-offset.ts) goes into the offset field.
 */
import { Alert, Box, Button, ButtonBase, Stack, TextField, Typography } from "@mui/material";
import { trackPlacementTexts as texts, type ImageRecord } from "@poleatlas/shared";
import { useState } from "react";
import { cameraClock, formatOffset, syncOffsetSeconds } from "./clock-offset";

/** Enough thumbnails to find the one with the clock; the rest stay out of the dialog. */
const MAX_THUMBNAILS = 60;

export function SyncPhoto({
  photos,
  onOffset,
}: {
  photos: readonly ImageRecord[];
  onOffset: (seconds: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ImageRecord | null>(null);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const timed = photos.filter((p) => cameraClock(p.local_time) !== null).slice(0, MAX_THUMBNAILS);
  if (timed.length === 0) return null;
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        {texts.syncPhoto}
      </Button>
    );
  const camera = chosen ? cameraClock(chosen.local_time) : null;
  const offset = chosen && time.trim() ? syncOffsetSeconds(chosen.local_time, { date, time }) : null;
  return (
    <Box
      component="section"
      aria-label={texts.syncPhoto}
      sx={{ mt: 1, p: 1, border: 1, borderColor: "divider" }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.syncHelp}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mb: 1 }}>
        {timed.map((p) => (
          <ButtonBase
            key={p.id}
            aria-label={texts.syncPick(p.name)}
            aria-pressed={chosen?.id === p.id}
            onClick={() => {
              setChosen(p);
              setDate(cameraClock(p.local_time)!.date);
            }}
            sx={{ outline: chosen?.id === p.id ? 3 : 0, outlineColor: "primary.main" }}
          >
            <Box
              component="img"
              src={p.thumbnail_url}
              alt=""
              sx={{ width: 72, height: 54, objectFit: "cover" }}
            />
          </ButtonBase>
        ))}
      </Stack>
      {chosen && camera && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="body2">{texts.cameraTime(camera.date, camera.time)}</Typography>
          <TextField
            size="small"
            type="date"
            label={texts.shownDate}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={texts.shownTime}
            placeholder="HH:MM:SS"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            sx={{ width: 170 }}
          />
          <Button disabled={offset === null} onClick={() => offset !== null && onOffset(offset)}>
            {texts.useOffset}
          </Button>
          {offset !== null && <Typography variant="body2">{formatOffset(offset)}</Typography>}
        </Stack>
      )}
      {chosen && time.trim() !== "" && offset === null && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {texts.badShownTime}
        </Alert>
      )}
    </Box>
  );
}
