/**
 * "Measure a photo" in the pole record with the measuring tool it opens. The record's
 * Measurements section offers the same through its `onMeasure`; until it is there this button
 * stands where the record lists its photos.
 */
import StraightenIcon from "@mui/icons-material/Straighten";
import { Button } from "@mui/material";
import { measureToolTexts as t } from "@poleatlas/shared";
import { useState } from "react";
import { MeasureDialog } from "./measure-dialog";

export function MeasureButton({ poleId }: { poleId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<StraightenIcon />} onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <MeasureDialog poleId={poleId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
