/**
 * The pole record's findings: the pole's open and resolved findings with their step, due date,
 * assignee and notes, 'Add finding' (observed today or on the day chosen, the shown photo attached
 * if the pole has one), 'Resolve' (on the day chosen, with a new photo of the repair or one of the
 * pole's) and each finding's menu of steps and edits. Viewers see the list only.
 */
import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import {
  findingListSchema,
  formatDate,
  inspectionTexts,
  workTexts,
  type Finding,
  type ImageRecord,
} from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { apiClient } from "../../../lib/api-client";
import { lazyPart } from "../../../lib/lazy-part";
import { usePoleTimeline } from "../../poles";
import { findingKeys, useAddFinding } from "../api/findings";
import { useAssignees } from "../api/members";
import { FindingActions } from "./finding-actions";
import { LevelChip } from "./level-chip";
import { assigneeOf } from "./work-list-cells";

/** The new finding's dialog loads when first opened: the map's first load does not carry it. */
const AddFindingDialog = lazyPart(() => import("./finding-dialogs").then((m) => m.AddFindingDialog));

const errorText = (e: unknown) => (e instanceof Error ? e.message : inspectionTexts.loadFailed);

/** A finding in the record: its level and code, its step, due date, assignee and notes. */
function FindingRow({ f, actions }: { f: Finding; actions?: ReactNode }) {
  const when =
    f.status === "resolved"
      ? inspectionTexts.resolvedOn(formatDate(f.resolved_on ?? ""), f.action ?? "")
      : `${inspectionTexts.due(formatDate(f.due_on))}${f.overdue ? ` · ${inspectionTexts.overdue}` : ""}`;
  const work = [
    workTexts.step(workTexts.steps[f.status]),
    f.assignee_id ? workTexts.assignedTo(assigneeOf(f)) : inspectionTexts.unassigned,
    f.work_order ? `${workTexts.workOrder} ${f.work_order}` : null,
  ].filter(Boolean);
  return (
    <ListItem disableGutters data-testid="finding" sx={{ alignItems: "flex-start", gap: 1 }}>
      <Box sx={{ pt: 0.5 }}>
        <LevelChip level={f.level} />
      </Box>
      <ListItemText
        sx={{ flex: 1, minWidth: 0 }}
        primary={f.code}
        secondary={
          <>
            <Typography
              component="span"
              variant="body2"
              sx={{ display: "block" }}
              color={f.overdue ? "error" : "text.secondary"}
            >
              {when}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: "block" }} color="text.secondary">
              {work.join(" · ")}
            </Typography>
            {f.notes && (
              <Typography component="span" variant="body2" sx={{ display: "block", whiteSpace: "pre-wrap" }}>
                {f.notes}
              </Typography>
            )}
          </>
        }
      />
      {actions}
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
  const assignees = useAssignees();
  const [adding, setAdding] = useState(false);
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
          <FindingRow
            key={f.id}
            f={f}
            actions={
              readOnly ? undefined : (
                <FindingActions
                  finding={f}
                  assignees={assignees}
                  polePhotos={timeline.data?.images ?? (photo ? [photo] : [])}
                  resolveButton
                />
              )
            }
          />
        ))}
      </List>
      {adding && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </Box>
  );
}
