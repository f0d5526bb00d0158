/**
 * One photo large, where the user marks the pole: a click on its foot or axis puts a vertical
 * line there; the arrow keys move it (Shift: ten times as far) and Enter sets it. Only the
 * horizontal position counts, and it is handed on in pixels of the photo's full width as shown
 * (the browser applies the EXIF orientation, as the server does).
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { locateTexts as t, type ImageRecord } from "@poleatlas/shared";
import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";

/** One arrow press: a fifth of a percent of the width (a pixel or two on a phone photo shown large). */
const STEP = 0.002;
const FAST_STEP = 0.02;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export interface LocateMarkDialogProps {
  photo: ImageRecord;
  /** The mark already set on this photo, as a share (0–1) of its width; null: none yet. */
  initial: number | null;
  /** The mark in the photo's pixels from the left of its full width, and as a share of it. */
  onSet: (x: number, share: number) => void;
  onCancel: () => void;
}

export function LocateMarkDialog({ photo, initial, onSet, onCancel }: LocateMarkDialogProps) {
  const [share, setShare] = useState<number | null>(initial);
  const [width, setWidth] = useState(0);
  const img = useRef<HTMLImageElement | null>(null);
  const set = () => {
    if (share !== null && width > 0) onSet(share * width, share);
  };
  const click = (e: MouseEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    if (r.width > 0) setShare(clamp01((e.clientX - r.left) / r.width));
    e.currentTarget.focus();
  };
  const key = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? FAST_STEP : STEP;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      const sign = e.key === "ArrowLeft" ? -1 : 1;
      setShare((s) => clamp01((s ?? 0.5) + sign * step));
    } else if (e.key === "Enter") {
      e.preventDefault();
      set();
    }
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="lg" fullWidth aria-labelledby="locate-mark-title">
      <DialogTitle id="locate-mark-title">{t.markPhoto(photo.name)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.markHelp}
        </Typography>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t.markArea(photo.name)}
          aria-valuemin={0}
          aria-valuemax={width}
          // A slider always has a value: before a mark, the middle, where the arrow keys start.
          aria-valuenow={Math.round((share ?? 0.5) * width)}
          aria-valuetext={share === null ? t.noMarkYet : undefined}
          data-testid="locate-mark-area"
          onClick={click}
          onKeyDown={key}
          sx={{
            position: "relative",
            display: "inline-block",
            cursor: "crosshair",
            lineHeight: 0,
            "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
          }}
        >
          <img
            ref={img}
            src={photo.image_url}
            alt={photo.name}
            draggable={false}
            onLoad={() => setWidth(img.current?.naturalWidth ?? 0)}
            style={{ maxWidth: "100%", maxHeight: "70vh", display: "block", userSelect: "none" }}
          />
          {share !== null && (
            <Box
              data-testid="locate-mark-line"
              sx={{
                position: "absolute",
                top: 0,
                bottom: 0,
                left: `${share * 100}%`,
                width: "2px",
                ml: "-1px",
                bgcolor: "#00e5ff",
                boxShadow: "0 0 0 1px rgba(0,0,0,0.6)",
                pointerEvents: "none",
              }}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button variant="contained" onClick={set} disabled={share === null || width === 0}>
          {t.setMark}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
