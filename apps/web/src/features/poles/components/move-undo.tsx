/**
 * "Moved to P-7 · Undo" after a photo changed pole: Undo moves it back to the pole it left. A pole
 * left empty is gone by then (the server drops empty poles): the photo then gets a pole of its own
 * at its place, which is where that pole stood when the photo was its only one.
 */
import { Button, Snackbar } from "@mui/material";
import { poleTexts } from "@poleatlas/shared";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { usePatchImage } from "../api/patch-image";

export interface PoleMove {
  photoId: string;
  /** The pole the photo left. */
  from: string;
  /** What the snackbar says: "Moved to P-7". */
  text: string;
}

export function MoveUndoSnackbar({ move, onClose }: { move: PoleMove | null; onClose: () => void }) {
  const patch = usePatchImage();
  const [failed, setFailed] = useState(false);
  const undo = async (m: PoleMove) => {
    onClose();
    setFailed(false);
    try {
      await patch.mutateAsync({ id: m.photoId, patch: { pole_id: m.from } });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) return setFailed(true);
      await patch.mutateAsync({ id: m.photoId, patch: { pole_id: "new" } }).catch(() => setFailed(true));
    }
  };
  return (
    <>
      <Snackbar
        open={move !== null}
        onClose={(_, reason) => reason !== "clickaway" && onClose()}
        autoHideDuration={10_000}
        message={move?.text}
        action={
          move && (
            <Button color="secondary" size="small" onClick={() => void undo(move)}>
              {poleTexts.undo}
            </Button>
          )
        }
      />
      <Snackbar
        open={failed}
        onClose={() => setFailed(false)}
        autoHideDuration={6000}
        message={poleTexts.saveFailed}
      />
    </>
  );
}
