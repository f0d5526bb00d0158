/**
 * The pole record's findings: the pole's open and resolved findings with their due dates, 'Add
 * finding' (observed today or on the day chosen, the shown photo attached if the pole has one) and
 * 'Resolve' (on the day chosen, with a new photo of the repair or one of the pole's). Viewers see
 * the list only.
 */
import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import {
  findingListSchema,
  formatDate,
  inspectionTexts,
  type Finding,
  type ImageRecord,
} from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "../../../lib/api-client";
import { usePoleTimeline } from "../../poles";
import { findingKeys, useAddFinding, usePatchFinding } from "../api/findings";
import { storeRepairPhoto } from "../api/repair-photo";
import { AddFindingDialog, ResolveDialog } from "./finding-dialogs";
import { LevelChip } from "./level-chip";

const errorText = (e: unknown) => (e instanceof Error ? e.message : inspectionTexts.loadFailed);

function FindingRow({ f, onResolve }: { f: Finding; onResolve?: () => void }) {
  const secondary =
    f.status === "resolved"
      ? inspectionTexts.resolvedOn(formatDate(f.resolved_on ?? ""), f.action ?? "")
      : `${inspectionTexts.due(formatDate(f.due_on))}${f.overdue ? ` · ${inspectionTexts.overdue}` : ""}`;
  return (
    <ListItem
      disableGutters
      data-testid="finding"
      secondaryAction={
        onResolve && f.status !== "resolved" ? (
          <Button size="small" onClick={onResolve}>
            {inspectionTexts.resolve}
          </Button>
        ) : undefined
      }
    >
      <Stack direction="row" spacing={1} sx={{ pr: 10, alignItems: "center" }}>
        <LevelChip level={f.level} />
        <ListItemText
          primary={f.code}
          secondary={secondary}
          slotProps={{ secondary: { color: f.overdue ? "error" : "text.secondary" } }}
        />
      </Stack>
    </ListItem>
  );
}

export interface PoleFindingsProps {
  poleId: string;
  /** The photo shown in the record, if any: attached to a new finding, offered as the repair's. */
  photo?: ImageRecord | null;
  readOnly?: boolean;
}

export function PoleFindings({ poleId, photo = null, readOnly = false }: PoleFindingsProps) {
  const findings = useQuery({
    queryKey: [...findingKeys.all, "pole", poleId],
    queryFn: ({ signal }) =>
      apiClient.get(`/api/findings?pole=${poleId}&status=all&limit=500`, findingListSchema, { signal }),
  });
  const timeline = usePoleTimeline(poleId);
  const add = useAddFinding();
  const patch = usePatchFinding();
  const [adding, setAdding] = useState(false);
  const [resolving, setResolving] = useState<Finding | null>(null);
  // Open ones first by due date, then the resolved ones, newest first.
  const done = (f: Finding) => f.status === "resolved";
  const list = [...(findings.data?.findings ?? [])].sort((a, b) =>
    done(a) !== done(b) ? (done(a) ? 1 : -1) : !done(a) ? 0 : b.due_on < a.due_on ? -1 : 1,
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
        <Typography variant="subtitle2">{inspectionTexts.findings}</Typography>
        {!readOnly && (
          <Button size="small" variant="outlined" onClick={() => setAdding(true)}>
            {inspectionTexts.addFinding}
          </Button>
        )}
      </Stack>
      {list.length === 0 && findings.isSuccess && (
        <Typography variant="body2" color="text.secondary">
          {inspectionTexts.noFindings}
        </Typography>
      )}
      <List dense aria-label={inspectionTexts.findings}>
        {list.map((f) => (
          <FindingRow key={f.id} f={f} onResolve={readOnly ? undefined : () => setResolving(f)} />
        ))}
      </List>
      {adding && (
        <AddFindingDialog
          open
          photoDate={photo?.date ?? null}
          busy={add.isPending}
          error={add.error ? errorText(add.error) : null}
          onClose={() => {
            setAdding(false);
            add.reset();
          }}
          onSave={(form) =>
            add.mutate(
              {
                poleId,
                body: {
                  code: form.code,
                  level: form.level,
                  notes: form.notes || undefined,
                  observed_on: form.observedOn,
                  image_id: photo?.id,
                  ...(form.assigneeId === null ? {} : { assignee_id: form.assigneeId }),
                },
              },
              { onSuccess: () => setAdding(false) },
            )
          }
        />
      )}
      {resolving && (
        <ResolveDialog
          open
          busy={patch.isPending}
          error={patch.error ? errorText(patch.error) : null}
          observedOn={resolving.observed_on}
          polePhotos={timeline.data?.images ?? (photo ? [photo] : [])}
          onClose={() => {
            setResolving(null);
            patch.reset();
          }}
          onResolve={({ action, resolvedOn, repair }) =>
            patch.mutate(
              {
                id: resolving.id,
                patch: { resolve: { action, resolved_on: resolvedOn } },
                // A new photo is stored on the pole first; the finding is resolved only once it is.
                repair:
                  repair && "file" in repair ? () => storeRepairPhoto(repair.file, poleId) : repair?.imageId,
              },
              { onSuccess: () => setResolving(null) },
            )
          }
        />
      )}
    </Box>
  );
}
