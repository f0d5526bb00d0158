/**
 * "Move several photos…" in the pole record: the opener, and what the last move did. The opener stays in
 * the record after the photos left the pole (a move of all of them), so its word on the move is
 * kept and the keyboard comes back to it.
 */
import { Box, Button, Typography } from "@mui/material";
import type { PoleTimeline } from "@poleatlas/shared";
import { useRef, useState } from "react";
import { useRefocusAfter } from "../../../components/use-refocus-after";
import { MovePhotosPanel } from "./move-photos-panel";
import { movePhotosTexts as texts } from "./move-photos-texts";

export function MovePhotos({ record }: { record: PoleTimeline }) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLSpanElement>(null);
  // Closed: the keyboard goes back to the opener, or to the word on the move when it is gone.
  useRefocusAfter(open, record.images.length > 1 ? opener : heading);

  if (open) {
    return (
      <MovePhotosPanel record={record} notice={notice} onNotice={setNotice} onDone={() => setOpen(false)} />
    );
  }
  return (
    <Box>
      {notice && (
        <Typography variant="body2" role="status" ref={heading} tabIndex={-1} sx={{ mb: 0.5 }}>
          {notice}
        </Typography>
      )}
      {record.images.length > 1 && (
        <Button size="small" ref={opener} onClick={() => setOpen(true)}>
          {texts.open}
        </Button>
      )}
    </Box>
  );
}
