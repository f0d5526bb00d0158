/**
 * The pole record's Measurements section: the heights read on its photos (with their uncertainty,
 * in the workspace's units), its latest lean, who measured, when and on which photo; the findings
 * they suggest, each added in one click; deleting a measurement (members and up, after a
 * question). "Measure a photo" opens the measuring tool the record hands in.
 */
import DeleteIcon from "@mui/icons-material/Delete";
import { Alert, Box, Button, IconButton, Stack, Typography } from "@mui/material";
import {
  formatDateTime,
  formatLength,
  formatUncertainty,
  leanSuggestions,
  leanText,
  measurementsTexts as t,
  measureTexts,
  type ImageRecord,
  type LengthUnits,
  type Measurement,
  type PoleTimeline,
  type Suggestion,
} from "@poleatlas/shared";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import {
  useAddSuggestedFinding,
  useDeleteMeasurement,
  useMeasureSettings,
  usePoleMeasurements,
  type SuggestedFinding,
} from "./api/measurements";
import { addedSuggestions, leanFindingAdded } from "./lib/suggested-findings";

export interface MeasurementsSectionProps {
  record: PoleTimeline;
  /** Members and up measure, delete and add findings; viewers read. */
  canEdit: boolean;
  /** Opens the measuring tool on the pole's photos; without it, no "Measure a photo". */
  onMeasure?: () => void;
  /** Shows one of the pole's photos in the record. */
  onOpenPhoto?: (imageId: string) => void;
}

const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

interface SuggestionsProps {
  suggestions: readonly Suggestion[];
  added: readonly boolean[];
  canEdit: boolean;
  onAdd: (suggestion: Suggestion) => void;
  busy: boolean;
}

function Suggestions({ suggestions, added, canEdit, onAdd, busy }: SuggestionsProps) {
  return suggestions.map((s, i) => (
    <Stack key={i} direction="row" spacing={1} data-testid="suggestion" sx={{ alignItems: "center" }}>
      <Typography variant="body2" color="warning.main" sx={{ flex: 1 }}>
        {t.suggested}: {s.reason}
      </Typography>
      {added[i] ? (
        <Typography variant="caption" color="text.secondary">
          {t.findingAdded}
        </Typography>
      ) : (
        canEdit && (
          <Button size="small" disabled={busy} onClick={() => onAdd(s)}>
            {t.addAsFinding}
          </Button>
        )
      )}
    </Stack>
  ));
}

function PhotoLink({ photo, onOpen }: { photo: ImageRecord | undefined; onOpen?: (id: string) => void }) {
  if (!photo) return <Typography variant="caption">{t.photoGone}</Typography>;
  const label = t.photo(photo.name);
  return (
    <Button
      size="small"
      aria-label={label}
      title={label}
      onClick={() => onOpen?.(photo.id)}
      sx={{ p: 0, minWidth: 0 }}
    >
      <Box
        component="img"
        src={photo.thumbnail_url}
        alt=""
        sx={{ width: 48, height: 48, objectFit: "cover" }}
      />
    </Button>
  );
}

interface MeasurementItemProps {
  m: Measurement;
  units: LengthUnits;
  photo: ImageRecord | undefined;
  added: boolean[];
  canEdit: boolean;
  busy: boolean;
  onOpenPhoto?: (id: string) => void;
  onDelete: () => void;
  onAdd: (s: Suggestion) => void;
}

function MeasurementItem(props: MeasurementItemProps) {
  const { m, units, photo, added, canEdit, busy, onOpenPhoto, onDelete, onAdd } = props;
  return (
    <Box component="li" data-testid="measurement" sx={{ listStyle: "none" }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <PhotoLink photo={photo} onOpen={onOpenPhoto} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {m.points.map((p, i) => (
            <Typography key={i} variant="body2">
              {measureTexts.kindNames[p.kind]}
              {p.label ? ` "${p.label}"` : ""}:{" "}
              {t.height(formatLength(p.height_m, units), formatUncertainty(p.uncertainty_m, units))}
            </Typography>
          ))}
          <Typography variant="caption" color="text.secondary">
            {t.measuredBy(m.created_by, formatDateTime(m.created_at))}
          </Typography>
        </Box>
        {canEdit && (
          <IconButton size="small" aria-label={t.delete} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Suggestions suggestions={m.suggestions} added={added} canEdit={canEdit} busy={busy} onAdd={onAdd} />
    </Box>
  );
}

export function MeasurementsSection({ record, canEdit, onMeasure, onOpenPhoto }: MeasurementsSectionProps) {
  const { pole, images, findings } = record;
  const list = usePoleMeasurements(pole.id);
  const settings = useMeasureSettings();
  const remove = useDeleteMeasurement(pole.id);
  const add = useAddSuggestedFinding(pole.id);
  const [deleting, setDeleting] = useState<string | null>(null);
  const lean = list.data?.lean ?? pole.lean ?? null;
  const leanSuggested = lean ? leanSuggestions(lean, settings) : [];
  const measurements = list.data?.measurements ?? [];
  const addFinding = (s: SuggestedFinding) => add.mutate(s);
  return (
    <Stack spacing={1} data-testid="measurements">
      {canEdit && onMeasure && (
        <Box>
          <Button size="small" variant="outlined" onClick={onMeasure} disabled={images.length === 0}>
            {t.measure}
          </Button>
        </Box>
      )}
      {lean && (
        <Box data-testid="measured-lean">
          <Typography variant="body2">
            {leanText(lean)} · {t.measuredOn(formatDateTime(lean.measured_at))}
          </Typography>
          <Suggestions
            suggestions={leanSuggested}
            added={leanSuggested.map((s) => leanFindingAdded(s, findings))}
            canEdit={canEdit}
            busy={add.isPending}
            onAdd={(suggestion) => addFinding({ suggestion })}
          />
        </Box>
      )}
      {list.isPending && (
        <Typography variant="body2" color="text.secondary">
          {t.loading}
        </Typography>
      )}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          }
        >
          {errorText(list.error, t.loadFailed)}
        </Alert>
      )}
      {list.isSuccess && measurements.length === 0 && !lean && (
        <Typography variant="body2" color="text.secondary">
          {t.empty}
        </Typography>
      )}
      {add.isError && <Alert severity="error">{errorText(add.error, t.addFailed)}</Alert>}
      {remove.isError && <Alert severity="error">{errorText(remove.error, t.deleteFailed)}</Alert>}
      <Stack component="ul" spacing={1.5} aria-label={t.title} sx={{ m: 0, p: 0 }}>
        {measurements.map((m) => (
          <MeasurementItem
            key={m.id}
            m={m}
            units={settings.units}
            photo={images.find((i) => i.id === m.image_id)}
            added={addedSuggestions(m.suggestions, findings, m.id)}
            canEdit={canEdit}
            busy={add.isPending}
            onOpenPhoto={onOpenPhoto}
            onDelete={() => setDeleting(m.id)}
            onAdd={(suggestion) => addFinding({ suggestion, measurementId: m.id, imageId: m.image_id })}
          />
        ))}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t.delete}
        text={t.confirmDelete}
        confirm={t.delete}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
