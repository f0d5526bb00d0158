import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import { Box, Typography } from "@mui/material";
import { messages, uploadDialogTexts } from "@poleatlas/shared";
import { useId } from "react";
import { useDropzone, type Accept } from "react-dropzone";
import { FOCUS_RING } from "../../../components/focus-ring";

/**
 * Spec §5: image/jpeg, image/jpg, image/png (.jpg, .jpeg, .png); no size or count limit. HEIC
 * and HEIF too, as iPhones save them (docs/features.md, deviations): the server stores a JPEG
 * rendition. The extension alone suffices, as browsers on Windows give .heic no type.
 */
export const ACCEPT: Accept = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/jpg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/heic": [".heic"],
  "image/heif": [".heif"],
};

export interface DropZoneProps {
  onFiles: (accepted: File[], rejected: File[]) => void;
  disabled: boolean;
  /** Smaller once files are selected, so the cards get the room. */
  compact?: boolean;
}

/** Drop, click, Enter/Space or paste: react-dropzone gives all four on the same zone. */
export function DropZone({ onFiles, disabled, compact = false }: DropZoneProps) {
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    disabled,
    onDrop: (accepted, rejections) =>
      onFiles(
        accepted,
        rejections.map((r) => r.file),
      ),
  });

  // The file input sits beside the zone, not in it: a control inside a button is announced as
  // neither (axe: nested-interactive), and react-dropzone finds it by its ref either way.
  return (
    <>
      <input {...getInputProps({ "aria-label": "Image files" })} />
      <Box
        {...getRootProps({
          role: "button",
          "aria-label": "Choose images to upload",
          "aria-describedby": hintId,
          "aria-disabled": disabled || undefined,
        })}
        sx={{
          border: 2,
          borderStyle: "dashed",
          borderColor: isDragActive ? "primary.main" : "divider",
          borderRadius: 2,
          bgcolor: isDragActive ? "action.hover" : "transparent",
          p: compact ? 1.5 : 3,
          textAlign: "center",
          cursor: disabled ? "default" : "pointer",
          opacity: disabled ? 0.5 : 1,
          transition: "border-color 120ms, background-color 120ms",
          "&:hover": disabled ? undefined : { borderColor: "primary.light" },
          "&:focus-visible": { ...FOCUS_RING, borderColor: "primary.main" },
        }}
      >
        <CloudUploadIcon color="primary" sx={{ fontSize: compact ? 28 : 40 }} aria-hidden />
        <Typography variant="subtitle1">
          {isDragActive ? uploadDialogTexts.dropActive : uploadDialogTexts.dropIdle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          or click to choose files
        </Typography>
        <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {messages.onlyJpegPng}
        </Typography>
      </Box>
    </>
  );
}
