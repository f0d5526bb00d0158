/**
 * The photo of a repair: a new one, taken with the camera (on a phone, `capture` opens it
 * directly) or chosen from the device, or else one of the pole's photos already stored.
 */
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Button, MenuItem, Stack, TextField, Typography, useMediaQuery } from "@mui/material";
import { inspectionTexts, type ImageRecord } from "@poleatlas/shared";
import { useRef } from "react";

/** A new photo to upload to the pole, one of its photos, or none. */
export type RepairPhoto = { file: File } | { imageId: string } | null;

const ACCEPTED = "image/jpeg,image/png";

function FileButton(props: {
  label: string;
  icon: React.ReactNode;
  capture?: boolean;
  onFile: (f: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.capture ? "image/*" : ACCEPTED}
        capture={props.capture ? "environment" : undefined}
        aria-label={props.label}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ""; // the same shot again must fire a change too
          if (file) props.onFile(file);
        }}
      />
      <Button variant="outlined" size="small" startIcon={props.icon} onClick={() => input.current?.click()}>
        {props.label}
      </Button>
    </>
  );
}

export function RepairPhotoPicker(props: {
  value: RepairPhoto;
  polePhotos: ImageRecord[];
  onChange: (value: RepairPhoto) => void;
}) {
  // Desktop browsers ignore `capture` and show a file picker: the camera button is for phones.
  const touch = useMediaQuery("(pointer: coarse)", { noSsr: true });
  const chosen = props.value && "imageId" in props.value ? props.value.imageId : "";
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{inspectionTexts.repairPhoto}</Typography>
      <Stack direction="row" spacing={1}>
        {touch && (
          <FileButton
            label={inspectionTexts.takeRepairPhoto}
            icon={<PhotoCameraIcon />}
            capture
            onFile={(file) => props.onChange({ file })}
          />
        )}
        <FileButton
          label={inspectionTexts.chooseRepairFile}
          icon={<UploadFileIcon />}
          onFile={(file) => props.onChange({ file })}
        />
      </Stack>
      {props.value && "file" in props.value && (
        <Typography variant="body2" color="text.secondary">
          {inspectionTexts.repairPhotoChosen(props.value.file.name)}
        </Typography>
      )}
      {props.polePhotos.length > 0 && (
        <TextField
          select
          size="small"
          label={inspectionTexts.pickPolePhoto}
          value={chosen}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => props.onChange(e.target.value ? { imageId: e.target.value } : null)}
        >
          <MenuItem value="">{inspectionTexts.noRepairPhoto}</MenuItem>
          {props.polePhotos.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.date ? `${p.date} · ${p.name}` : p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
