/**
 * 'Take Photo': on a touch device the camera opens directly (`capture="environment"`,
 * the back camera), and the photo joins the dialog's list through the same checks as a dropped
 * file. Desktop browsers ignore `capture` and would show a file picker, so the button shows only
 * where the main pointer is coarse (phones and tablets).
 */
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { Button, useMediaQuery } from "@mui/material";
import { mapScreenTexts } from "@poleatlas/shared";
import { useRef } from "react";
import { ACCEPT } from "./drop-zone";

const isAccepted = (file: File) => Object.keys(ACCEPT).includes(file.type);

export function TakePhotoButton({
  onFiles,
  disabled,
}: {
  onFiles: (accepted: File[], rejected: File[]) => void;
  disabled: boolean;
}) {
  const touch = useMediaQuery("(pointer: coarse)", { noSsr: true });
  const input = useRef<HTMLInputElement>(null);
  if (!touch) return null;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="Camera photo"
        hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = ""; // the same shot again must fire a change too
          onFiles(
            files.filter(isAccepted),
            files.filter((f) => !isAccepted(f)),
          );
        }}
      />
      <Button
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {mapScreenTexts.takePhoto}
      </Button>
    </>
  );
}
