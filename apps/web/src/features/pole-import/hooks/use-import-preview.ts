/**
 * A dry run's sample of positions on the globe, the camera over the area it covers, while the
 * dialog shows that dry run: a wrong coordinate system shows as poles in the wrong place before
 * anything is written. Gone with the dialog, a new check or the import itself.
 */
import type { PoleImportResult } from "@poleatlas/shared";
import { useEffect } from "react";
import { previewPoints } from "../../../globe/preview-store";

export function useImportPreview(shown: PoleImportResult | null) {
  useEffect(() => {
    if (!shown || (shown.sample.length === 0 && !shown.area)) return;
    previewPoints.show(shown.sample, shown.area);
    return () => previewPoints.clear();
  }, [shown]);
}
