/**
 * Manual blur: the photo at full size in a dialog, where a member drags rectangles over what must
 * not be seen (a face the detector missed, a plate), then blurs them for good after a confirm.
 * Rectangles are sent in the photo's own pixels as displayed (the browser applies its EXIF
 * orientation, as the server does).
 */
import BlurOnIcon from "@mui/icons-material/BlurOn";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from "@mui/material";
import { MAX_BLUR_BOXES, privacyTexts, type BlurBox, type ImageRecord } from "@poleatlas/shared";
import { useRef, useState, type PointerEvent } from "react";
import { useBlurImage } from "../api/blur-image";

/** A rectangle in shares (0–1) of the shown picture, so it survives resizing. */
interface Mark {
  x: number;
  y: number;
  w: number;
  h: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Marks in the photo's pixels, inside the photo, at least one pixel each. */
export function toPhotoBoxes(marks: Mark[], width: number, height: number): BlurBox[] {
  return marks.map((m) => {
    const x = Math.min(width - 1, Math.floor(m.x * width));
    const y = Math.min(height - 1, Math.floor(m.y * height));
    return {
      x,
      y,
      width: Math.max(1, Math.min(width - x, Math.ceil(m.w * width))),
      height: Math.max(1, Math.min(height - y, Math.ceil(m.h * height))),
    };
  });
}

function MarkingArea({
  photo,
  marks,
  onMarks,
  imgRef,
}: {
  photo: ImageRecord;
  marks: Mark[];
  onMarks: (marks: Mark[]) => void;
  imgRef: React.RefObject<HTMLImageElement | null>;
}) {
  const [draft, setDraft] = useState<Mark | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const at = (e: PointerEvent) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: clamp01((e.clientX - r.left) / r.width), y: clamp01((e.clientY - r.top) / r.height) };
  };
  const span = (a: { x: number; y: number }, b: { x: number; y: number }): Mark => ({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    w: Math.abs(a.x - b.x),
    h: Math.abs(a.y - b.y),
  });
  return (
    <Box
      data-testid="blur-area"
      sx={{
        position: "relative",
        display: "inline-block",
        cursor: "crosshair",
        touchAction: "none",
        lineHeight: 0,
      }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = at(e);
        setDraft(null);
      }}
      onPointerMove={(e) => {
        if (start.current) setDraft(span(start.current, at(e)));
      }}
      onPointerUp={(e) => {
        if (!start.current) return;
        const mark = span(start.current, at(e));
        start.current = null;
        setDraft(null);
        if (mark.w > 0.005 && mark.h > 0.005 && marks.length < MAX_BLUR_BOXES) onMarks([...marks, mark]);
      }}
    >
      <img
        ref={imgRef}
        src={photo.image_url}
        alt={photo.name}
        draggable={false}
        style={{ maxWidth: "100%", maxHeight: "65vh", display: "block", userSelect: "none" }}
      />
      {[...marks, ...(draft ? [draft] : [])].map((m, i) => (
        <Box
          key={i}
          data-testid="blur-mark"
          sx={{
            position: "absolute",
            left: `${m.x * 100}%`,
            top: `${m.y * 100}%`,
            width: `${m.w * 100}%`,
            height: `${m.h * 100}%`,
            border: "2px solid #ff1744",
            bgcolor: "rgba(255, 23, 68, 0.25)",
            pointerEvents: "none",
          }}
        />
      ))}
    </Box>
  );
}

export function BlurTool({ photo }: { photo: ImageRecord }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [marks, setMarks] = useState<Mark[]>([]);
  const imgRef = useRef<HTMLImageElement | null>(null);
  const blur = useBlurImage();
  const close = () => {
    setOpen(false);
    setConfirming(false);
    setMarks([]);
    blur.reset();
  };
  const apply = () => {
    const img = imgRef.current;
    if (!img) return;
    const boxes = toPhotoBoxes(marks, img.naturalWidth, img.naturalHeight);
    blur.mutate({ id: photo.id, boxes }, { onSuccess: close, onSettled: () => setConfirming(false) });
  };
  const privacy = photo.privacy;
  return (
    <Box>
      {privacy && privacy.blurredAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {privacyTexts.blurredSummary(privacy.faces, privacy.manualBoxes)}
        </Typography>
      )}
      <Button size="small" variant="outlined" startIcon={<BlurOnIcon />} onClick={() => setOpen(true)}>
        {privacyTexts.blurTool}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="lg" aria-labelledby="blur-tool-title">
        <DialogTitle id="blur-tool-title">{privacyTexts.blurTool}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{privacyTexts.blurToolHelp}</DialogContentText>
          <MarkingArea photo={photo} marks={marks} onMarks={setMarks} imgRef={imgRef} />
          {blur.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {blur.error.message || privacyTexts.blurFailed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMarks([])} disabled={marks.length === 0 || blur.isPending}>
            {privacyTexts.blurClear}
          </Button>
          <Button onClick={close}>{privacyTexts.blurCancel}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={marks.length === 0 || blur.isPending}
            onClick={() => setConfirming(true)}
          >
            {privacyTexts.blurApply}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="blur-confirm-title">
        <DialogTitle id="blur-confirm-title">{privacyTexts.blurConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{privacyTexts.blurConfirmBody(marks.length)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {privacyTexts.blurCancel}
          </Button>
          <Button variant="contained" color="error" onClick={apply} disabled={blur.isPending}>
            {privacyTexts.blurConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
