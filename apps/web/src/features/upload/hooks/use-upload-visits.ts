/**
 * The visits an upload records once its photos are stored (upload-dialog's visit option). A
 * failure keeps the visits not yet recorded for a retry; the photos are stored either way.
 */
import type { ImageRecord } from "@poleatlas/shared";
import { useCallback, useState } from "react";
import { NO_VISIT, type VisitChoice } from "../components/visit-option";
import { visitsFromPhotos, type PoleVisit, type RecordVisits } from "../utils/photo-visits";

interface Outcome {
  recorded: number;
  uncounted: number;
  left: number;
}

/** `recordVisits` undefined: the dialog offers no visits. */
export function useUploadVisits(recordVisits: RecordVisits | undefined) {
  const [choice, setChoice] = useState<VisitChoice>(NO_VISIT);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [left, setLeft] = useState<PoleVisit[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async (visits: PoleVisit[], before: { recorded: number; uncounted: number }) => {
    if (!recordVisits) return;
    setBusy(true);
    try {
      const { left: notRecorded } = await recordVisits(visits);
      setLeft(notRecorded);
      setOutcome({
        recorded: before.recorded + visits.length - notRecorded.length,
        uncounted: before.uncounted,
        left: notRecorded.length,
      });
    } finally {
      setBusy(false);
    }
  };

  /** Records the visits of a run's stored photos (duplicates included: they are the pole's too). */
  const record = async (photos: readonly ImageRecord[]) => {
    if (!choice.on || choice.result === null) return;
    const { visits, uncounted } = visitsFromPhotos(photos, choice.type, choice.result);
    await send(visits, { recorded: 0, uncounted });
  };

  const retry = () => {
    if (busy || !outcome) return;
    void send(left, { recorded: outcome.recorded, uncounted: outcome.uncounted });
  };

  const reset = useCallback(() => {
    setChoice(NO_VISIT);
    setOutcome(null);
    setLeft([]);
  }, []);

  return { choice, setChoice, outcome, busy, record, retry, reset };
}
