/**
 * A pole's inspection state by type (the last visit, the due day and how late), then its visits,
 * newest first: the day, the type, the result, who inspected, the notes and, unless recorded in
 * the app, where the visit came from. Members record one with 'Record visit'; viewers see the
 * list only.
 */
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { formatDate, visitTexts, type TypeInspection, type Visit } from "@poleatlas/shared";
import { useState } from "react";
import { usePoleVisits, useRecordVisit } from "../api/visits";
import { InspectionStateLines } from "./inspection-state-lines";
import { VisitDialog } from "./visit-dialog";

const errorText = (e: unknown) => (e instanceof Error ? e.message : visitTexts.loadFailed);

function VisitRow({ v }: { v: Visit }) {
  const result = v.result ? visitTexts.results[v.result] : visitTexts.resultUnknown;
  const details = [v.inspector, v.notes, v.source === "app" ? null : visitTexts.sources[v.source]];
  return (
    <ListItem disableGutters data-testid="visit">
      <ListItemText
        primary={`${formatDate(v.inspected_on)} · ${v.type_name} · ${result}`}
        secondary={details.filter(Boolean).join(" · ") || undefined}
      />
    </ListItem>
  );
}

export function PoleVisits({
  poleId,
  canEdit,
  stateByType = [],
}: {
  poleId: string;
  canEdit: boolean;
  /** The pole's state per inspection type, as the pole's record answers it. */
  stateByType?: TypeInspection[];
}) {
  const visits = usePoleVisits(poleId);
  const record = useRecordVisit(poleId);
  const [recording, setRecording] = useState(false);
  const list = visits.data ?? [];
  return (
    <Box sx={{ mt: 2 }} component="section" aria-label={visitTexts.visits}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
        <Typography variant="subtitle2" component="h3">
          {visitTexts.visits}
        </Typography>
        {canEdit && (
          <Button size="small" variant="outlined" onClick={() => setRecording(true)}>
            {visitTexts.record}
          </Button>
        )}
      </Stack>
      <InspectionStateLines lines={stateByType} />
      {visits.isError && <Alert severity="error">{visitTexts.loadFailed}</Alert>}
      {list.length === 0 && visits.isSuccess && (
        <Typography variant="body2" color="text.secondary">
          {visitTexts.noVisits}
        </Typography>
      )}
      <List dense aria-label={visitTexts.visits}>
        {list.map((v) => (
          <VisitRow key={v.id} v={v} />
        ))}
      </List>
      {recording && (
        <VisitDialog
          busy={record.isPending}
          error={record.error ? errorText(record.error) : null}
          onClose={() => {
            setRecording(false);
            record.reset();
          }}
          onSave={(body) => record.mutate(body, { onSuccess: () => setRecording(false) })}
        />
      )}
    </Box>
  );
}
