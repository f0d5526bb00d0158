/**
 * Beside the photo in heights mode: the stick's marks with their heights (typed, or picked from
 * the workspace's graduations), the points to measure with their kinds and labels, the vertical
 * lines, and once saved the heights the server measured with their uncertainty.
 */
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import {
  ATTACHMENT_KINDS,
  measureTexts,
  measureToolTexts as t,
  type AttachmentKind,
  type LengthUnits,
  type Measurement,
} from "@poleatlas/shared";
import { useId } from "react";
import { formatLength, formatUncertainty, heightChoices } from "../lib/lengths";
import type { MarkRef, PhotoMarks, PointMark, StickMark } from "../lib/marks";

export interface HeightsPanelProps {
  marks: PhotoMarks;
  units: LengthUnits;
  answer: Measurement | null;
  selected: MarkRef | null;
  onSelect: (ref: MarkRef) => void;
  onEdit: (ref: MarkRef, patch: Partial<StickMark & PointMark>) => void;
  onRemove: (ref: MarkRef) => void;
}

function MarkName(props: { name: string; chosen: boolean; onClick: () => void }) {
  return (
    <Button
      size="small"
      onClick={props.onClick}
      aria-pressed={props.chosen}
      variant={props.chosen ? "contained" : "text"}
      sx={{ minWidth: 0, flexShrink: 0, textTransform: "none" }}
    >
      {props.name}
    </Button>
  );
}

function ListHeading({ title, count }: { title: string; count: string }) {
  return (
    <>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="caption" color="text.secondary">
        {count}
      </Typography>
    </>
  );
}

export function HeightsPanel(props: HeightsPanelProps) {
  const { marks, units, answer, selected, onSelect, onEdit, onRemove } = props;
  const choices = useId();
  const is = (ref: MarkRef) => selected?.list === ref.list && selected.index === ref.index;
  return (
    <Stack spacing={1.5}>
      <datalist id={choices}>
        {heightChoices(units).map((c) => (
          <option key={c.text} value={c.text} />
        ))}
      </datalist>
      <Box>
        <ListHeading title={t.tool.stick} count={t.stickCount(marks.stick.length)} />
        {marks.stick.map((m, index) => {
          const ref = { list: "stick" as const, index };
          const name = t.stickName(index);
          return (
            <Stack key={index} direction="row" spacing={0.5} sx={{ alignItems: "center", mt: 0.5 }}>
              <MarkName name={name} chosen={is(ref)} onClick={() => onSelect(ref)} />
              <TextField
                size="small"
                value={m.height}
                onChange={(e) => onEdit(ref, { height: e.target.value })}
                slotProps={{ htmlInput: { list: choices, "aria-label": t.heightOf(name) } }}
                sx={{ flex: 1 }}
              />
              <IconButton size="small" aria-label={t.remove(name)} onClick={() => onRemove(ref)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Box>
      <Box>
        <Typography variant="subtitle2">{t.tool.points}</Typography>
        {marks.points.map((m, index) => {
          const ref = { list: "points" as const, index };
          const name = t.pointName(index);
          const measured = answer?.points[index];
          return (
            <Box key={index} sx={{ mt: 0.5 }}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
                <MarkName name={name} chosen={is(ref)} onClick={() => onSelect(ref)} />
                <TextField
                  select
                  size="small"
                  value={m.kind}
                  onChange={(e) => onEdit(ref, { kind: e.target.value as AttachmentKind })}
                  slotProps={{ select: { native: true }, htmlInput: { "aria-label": t.kindOf(name) } }}
                  sx={{ flex: 1 }}
                >
                  {ATTACHMENT_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {measureTexts.kindNames[kind]}
                    </option>
                  ))}
                </TextField>
                <IconButton size="small" aria-label={t.remove(name)} onClick={() => onRemove(ref)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <TextField
                size="small"
                fullWidth
                value={m.label}
                placeholder={t.labelOf(name)}
                onChange={(e) => onEdit(ref, { label: e.target.value })}
                slotProps={{ htmlInput: { "aria-label": t.labelOf(name), maxLength: 120 } }}
                sx={{ mt: 0.5 }}
              />
              {measured && (
                <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} data-testid="measured-height">
                  {t.answer(
                    measured.label ?? measureTexts.kindNames[measured.kind],
                    formatLength(measured.height_m, units),
                    formatUncertainty(measured.uncertainty_m, units),
                  )}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
      <ListHeading title={t.tool.verticals} count={t.verticalCount(marks.verticals.length)} />
    </Stack>
  );
}
