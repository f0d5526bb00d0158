/**
 * Beside the photo in lean mode: the shown photo's axis and plumb line, its compass bearing (from
 * the photo, else typed), how many photos have their axis marked, and the lean once worked out:
 * degrees and the direction it leans toward, or the apparent lean when one view was marked.
 */
import { Box, Stack, TextField, Typography } from "@mui/material";
import { measureToolTexts as t, type ImageRecord, type PoleLean } from "@poleatlas/shared";
import type { PhotoMarks } from "../lib/marks";

export interface LeanPanelProps {
  photo: ImageRecord;
  marks: PhotoMarks;
  answer: PoleLean | null;
  onField: (field: "bearing" | "sensor", text: string) => void;
}

export function LeanPanel({ photo, marks, answer, onField }: LeanPanelProps) {
  // Without a 35 mm focal length the server needs the sensor's width to read the lens.
  const noFocal35 = !photo.metadata.optics?.focalLength35mm;
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="body2">{t.axisCount(marks.axis.length)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.plumbCount(marks.plumb.length)}
        </Typography>
      </Box>
      {photo.heading === null ? (
        <TextField
          size="small"
          label={t.bearing(photo.name)}
          value={marks.bearing}
          onChange={(e) => onField("bearing", e.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      ) : (
        <Typography variant="body2">{t.bearingFromPhoto(photo.heading)}</Typography>
      )}
      {noFocal35 && (
        <TextField
          size="small"
          label={t.sensorWidth(photo.name)}
          value={marks.sensor}
          onChange={(e) => onField("sensor", e.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      )}
      {answer && (
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="lean-answer">
          {answer.apparent || answer.toward_deg === null
            ? t.apparentLean(answer.degrees)
            : t.leanAnswer(answer.degrees, answer.toward_deg)}
        </Typography>
      )}
    </Stack>
  );
}
