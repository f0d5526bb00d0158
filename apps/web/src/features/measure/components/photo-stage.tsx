/**
 * One photo large in a frame, zoomed (wheel, pinch, +/- buttons and keys) and panned (drag), with
 * the marks drawn over it. The frame takes the keyboard: with a mark selected the arrow keys move
 * it by one screen pixel (a fraction of a photo pixel when zoomed in; Shift: ten), Delete removes
 * it, Escape lets it go; with none selected the arrows move a cross that Enter turns into a mark.
 * The photo's size is its size as displayed (the upload's reading, after the EXIF orientation),
 * else the loaded image's; the browser turns the image the same way.
 */
import AddIcon from "@mui/icons-material/Add";
import FitScreenIcon from "@mui/icons-material/FitScreen";
import RemoveIcon from "@mui/icons-material/Remove";
import { Box, IconButton, Stack, Tooltip } from "@mui/material";
import { measureToolTexts as t, type ImageRecord } from "@poleatlas/shared";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { DrawnLine, DrawnMark } from "../lib/drawn-marks";
import type { MarkRef } from "../lib/marks";
import {
  fitView,
  insidePhoto,
  toPhoto,
  zoomAt,
  type PhotoView,
  type Pixel,
  type Size,
} from "../lib/photo-view";
import { Loupe } from "./loupe";
import { MarksOverlay } from "./marks-overlay";
import { useStagePointer } from "./use-stage-pointer";

const ZOOM_STEP = 1.5;
const WHEEL_RATE = 0.0015;
const FAST = 10;

export interface PhotoStageProps {
  photo: ImageRecord;
  marks: readonly DrawnMark[];
  lines: readonly DrawnLine[];
  selected: MarkRef | null;
  onSelect: (ref: MarkRef | null) => void;
  onPlace: (at: Pixel) => void;
  onMove: (ref: MarkRef, at: Pixel, key: string) => void;
  onRemove: (ref: MarkRef) => void;
}

/** The photo's size as displayed: the server's reading when the upload kept it. */
function displayedSize(photo: ImageRecord, img: HTMLImageElement): Size | null {
  const optics = photo.metadata.optics;
  if (optics) return { width: optics.width, height: optics.height };
  return img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}

export function PhotoStage(props: PhotoStageProps) {
  const { photo, marks, lines, selected, onSelect, onPlace, onMove, onRemove } = props;
  const frameRef = useRef<HTMLDivElement | null>(null);
  const imgRef = useRef<HTMLImageElement | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<PhotoView>({ scale: 1, x: 0, y: 0 });
  const [cursor, setCursor] = useState<Pixel | null>(null);
  const frame = (): Size => {
    const r = frameRef.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0 };
  };
  const fitToFrame = (s: Size | null = size) => {
    const f = frame();
    if (s && f.width > 0 && f.height > 0) setView(fitView(s, f));
  };
  const zoom = (factor: number, anchor?: Pixel) => {
    const f = frame();
    if (size) setView((v) => zoomAt(v, factor, anchor ?? [f.width / 2, f.height / 2], size, f));
  };
  /** The photo pixel under a screen point, from where the photo is drawn at this moment. */
  const photoAt = (clientX: number, clientY: number): Pixel | null => {
    const box = imgRef.current?.getBoundingClientRect();
    if (!size || !box || !(box.width > 0) || !(box.height > 0)) return null;
    return [
      ((clientX - box.left) * size.width) / box.width,
      ((clientY - box.top) * size.height) / box.height,
    ];
  };
  const pointer = useStagePointer({
    view,
    photoAt,
    setView,
    photo: size,
    frame,
    marks,
    onSelect,
    onPlace: (at) => size && onPlace(insidePhoto(at, size)),
    onMove: (ref, at, key) => size && onMove(ref, insidePhoto(at, size), key),
  });

  // Wheel zoom needs a listener that may cancel the page's scroll: React's is passive.
  const zoomRef = useRef(zoom);
  useEffect(() => {
    zoomRef.current = zoom;
  });
  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomRef.current(Math.exp(-e.deltaY * WHEEL_RATE), [e.clientX - r.left, e.clientY - r.top]);
    };
    el.addEventListener("wheel", wheel, { passive: false });
    return () => el.removeEventListener("wheel", wheel);
  }, []);

  const key = (e: KeyboardEvent<HTMLElement>) => {
    if (!size) return;
    const arrows: Record<string, Pixel> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const arrow = arrows[e.key];
    if (arrow) {
      e.preventDefault();
      const step = (e.shiftKey ? FAST : 1) / view.scale;
      const from = selected
        ? marks.find((m) => m.ref.list === selected.list && m.ref.index === selected.index)?.at
        : null;
      const base = from ?? cursor ?? toPhoto(view, [frame().width / 2, frame().height / 2]);
      const at = insidePhoto([base[0] + arrow[0] * step, base[1] + arrow[1] * step], size);
      if (from && selected) onMove(selected, at, `keys-${selected.list}-${selected.index}`);
      else setCursor(at);
    } else if (e.key === "Enter" && !selected && cursor) {
      e.preventDefault();
      onPlace(cursor);
    } else if ((e.key === "Delete" || e.key === "Backspace") && selected) {
      e.preventDefault();
      onRemove(selected);
    } else if (e.key === "Escape" && (selected || cursor)) {
      // Lets go of the mark; the dialog closes only on an Escape with nothing in hand.
      e.stopPropagation();
      onSelect(null);
      setCursor(null);
    } else if (e.key === "+" || e.key === "=") {
      zoom(ZOOM_STEP);
    } else if (e.key === "-") {
      zoom(1 / ZOOM_STEP);
    } else if (e.key === "0") {
      fitToFrame();
    }
  };

  return (
    <Box sx={{ position: "relative" }}>
      <Box
        ref={frameRef}
        role="application"
        tabIndex={0}
        aria-label={t.photoArea(photo.name)}
        aria-describedby="measure-keys-help"
        data-testid="measure-frame"
        onKeyDown={key}
        {...pointer.handlers}
        sx={{
          position: "relative",
          overflow: "hidden",
          height: { xs: "55vh", md: "68vh" },
          bgcolor: "#111",
          cursor: "crosshair",
          touchAction: "none",
          userSelect: "none",
          "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
        }}
      >
        <img
          ref={imgRef}
          src={photo.image_url}
          alt={photo.name}
          draggable={false}
          onLoad={(e) => {
            const s = displayedSize(photo, e.currentTarget);
            setSize(s);
            fitToFrame(s);
          }}
          style={{
            position: "absolute",
            left: 0,
            top: 0,
            width: size?.width,
            height: size?.height,
            maxWidth: "none",
            imageOrientation: "from-image",
            transformOrigin: "0 0",
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            opacity: size ? 1 : 0,
          }}
        />
        {size && <MarksOverlay view={view} marks={marks} lines={lines} selected={selected} cursor={cursor} />}
        {size && pointer.finger && (
          <Loupe
            src={photo.image_url}
            photo={size}
            scale={view.scale}
            point={toPhoto(view, pointer.finger)}
            finger={pointer.finger}
          />
        )}
      </Box>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          position: "absolute",
          right: 8,
          top: 8,
          bgcolor: "background.paper",
          opacity: 0.9,
          borderRadius: 1,
        }}
      >
        <Tooltip title={t.zoomIn}>
          <IconButton size="small" aria-label={t.zoomIn} onClick={() => zoom(ZOOM_STEP)}>
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t.zoomOut}>
          <IconButton size="small" aria-label={t.zoomOut} onClick={() => zoom(1 / ZOOM_STEP)}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t.fit}>
          <IconButton size="small" aria-label={t.fit} onClick={() => fitToFrame()}>
            <FitScreenIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
