/**
 * The record's way into a locate from photo bearings: an invitation when three or more photos of
 * the pole (or within 30 m of it) carry a compass bearing and the pole was not already placed
 * from bearings, else a plain button; then the locate view in place, so the globe beside the
 * record shows the estimate. Members and up only: it can move the pole.
 */
import { Alert, Box, Button, Typography } from "@mui/material";
import { locateTexts as t, type PoleRecord } from "@poleatlas/shared";
import { useEffect, useRef, useState } from "react";
import { useLocateCandidates } from "../api/locate-pole";
import { LocateView } from "./locate-view";

/** Photos with a bearing from which the record invites a locate. */
export const INVITE_FROM_BEARINGS = 3;

export function LocateSection({ pole }: { pole: Pick<PoleRecord, "id" | "position_source"> }) {
  const [open, setOpen] = useState(false);
  const candidates = useLocateCandidates(pole.id);
  const bearing = (candidates.data ?? []).filter((c) => c.bearing_deg !== null);
  const withBearing = bearing.length;
  // The candidates are the pole's photos and those within 30 m: "of this pole" only when they all
  // are, or the record said "4 photos of this pole" above "No photos of this pole yet".
  const allOwn = bearing.every((c) => c.image.pole_id === pole.id);
  const invite = !open && withBearing >= INVITE_FROM_BEARINGS && pole.position_source !== "bearings";
  // The pressed button goes as the view opens and comes back as it closes: the keyboard goes
  // to the view, then back to the button, never to the page.
  const section = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    if (open) view.current?.focus();
    else section.current?.querySelector<HTMLElement>("button")?.focus();
  }, [open]);
  return (
    <Box ref={section} data-testid="locate-section">
      {invite ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setOpen(true)}>
              {t.open}
            </Button>
          }
        >
          {allOwn ? t.invitation(withBearing) : t.invitationNear(withBearing)}
        </Alert>
      ) : (
        !open && (
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            {t.open}
          </Button>
        )
      )}
      {open && (
        <Box ref={view} tabIndex={-1} role="group" aria-label={t.title}>
          {candidates.isPending && <Typography variant="body2">{t.candidatesLoading}</Typography>}
          {candidates.isError && (
            <Alert severity="error" action={<Button onClick={() => setOpen(false)}>{t.close}</Button>}>
              {t.candidatesFailed}
            </Alert>
          )}
          {candidates.data && (
            <LocateView
              key={pole.id}
              poleId={pole.id}
              candidates={candidates.data}
              onClose={() => setOpen(false)}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
