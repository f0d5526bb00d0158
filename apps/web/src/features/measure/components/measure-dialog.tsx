/**
 * The measuring tool: one of the pole's photos large, marks placed on it, and the answer. In
 * heights mode the marks are the pole's base, the stick's graduations and the points to measure
 * (saved as a measurement of that photo); in lean mode the pole's axis in one or more photos.
 * Everything marked or typed stays while the dialog is open, whatever the server answers.
 */
import UndoIcon from "@mui/icons-material/Undo";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { measureToolTexts as t, parseLength, type Measurement, type PoleLean } from "@poleatlas/shared";
import { useReducer, useState, type KeyboardEvent } from "react";
import { usePoleTimeline } from "../../poles";
import { useLengthUnits, useMeasureLean, useSaveMeasurement } from "../api/measure-api";
import { drawnMarks, type MeasureMode } from "../lib/drawn-marks";
import { nextGraduation } from "../lib/lengths";
import {
  initialMarks,
  marksOf,
  marksReducer,
  type MarkList,
  type MarkRef,
  type PhotoMarks,
} from "../lib/marks";
import type { Pixel } from "../lib/photo-view";
import { leanRequest, measurementRequest } from "../lib/requests";
import { HeightsPanel } from "./heights-panel";
import { LeanPanel } from "./lean-panel";
import { PhotoPicker } from "./photo-picker";
import { PhotoStage } from "./photo-stage";

export interface MeasureDialogProps {
  poleId: string;
  open: boolean;
  onClose: () => void;
  onSaved?: (measurement: Measurement) => void;
}

const TOOLS: Record<MeasureMode, MarkList[]> = {
  heights: ["stick", "points", "verticals"],
  lean: ["axis", "plumb"],
};

/** Ctrl/Cmd+Z undoes a mark, except in a text field, where it undoes the typing. */
const typing = (el: EventTarget) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

export function MeasureDialog(props: MeasureDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullScreen={phone}
      maxWidth="xl"
      fullWidth
      aria-labelledby="measure-title"
    >
      {props.open && <MeasureTool {...props} />}
    </Dialog>
  );
}

function MeasureTool({ poleId, onClose, onSaved }: MeasureDialogProps) {
  const timeline = usePoleTimeline(poleId);
  const units = useLengthUnits(true);
  const photos = timeline.data?.images ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const photo = photos.find((p) => p.id === chosen) ?? photos[0] ?? null;
  const [mode, setMode] = useState<MeasureMode>("heights");
  const [tool, setTool] = useState<MarkList>("stick");
  const [state, dispatch] = useReducer(marksReducer, initialMarks);
  const [selected, setSelected] = useState<MarkRef | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, Measurement>>({});
  // The marks a photo's answer was measured from: saving them again would only repeat it.
  const [savedMarks, setSavedMarks] = useState<Record<string, PhotoMarks>>({});
  const [lean, setLean] = useState<PoleLean | null>(null);
  const save = useSaveMeasurement(poleId);
  const measureLean = useMeasureLean(poleId);
  const marks = photo ? marksOf(state, photo.id) : null;
  const answer = photo ? (answers[photo.id] ?? null) : null;

  const changeMode = (next: MeasureMode) => {
    setMode(next);
    setTool(TOOLS[next][0]!);
    setSelected(null);
    setProblem(null);
  };
  const place = (at: Pixel) => {
    if (!photo || !marks) return;
    const id = photo.id;
    if (tool === "stick") {
      const last = marks.stick.at(-1);
      const height = nextGraduation(last ? parseLength(last.height, units) : null, units);
      dispatch({ type: "add", photo: id, list: "stick", mark: { at, height } });
    } else if (tool === "points") {
      dispatch({ type: "add", photo: id, list: "points", mark: { at, kind: "power_conductor", label: "" } });
    } else {
      dispatch({ type: "add", photo: id, list: tool, mark: at });
    }
    setSelected(null);
  };
  const undo = () => {
    dispatch({ type: "undo" });
    setSelected(null);
  };
  const keys = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z" && !typing(e.target)) {
      e.preventDefault();
      undo();
    }
  };

  const submit = async () => {
    if (!photo || !marks) return;
    setProblem(null);
    try {
      if (mode === "heights") {
        const request = measurementRequest(marks, units);
        if ("error" in request) return setProblem(request.error);
        const measurement = await save.mutateAsync({ imageId: photo.id, body: request.body });
        setAnswers((a) => ({ ...a, [photo.id]: measurement }));
        setSavedMarks((s) => ({ ...s, [photo.id]: marks }));
        onSaved?.(measurement);
      } else {
        const views = photos.map((p) => ({
          id: p.id,
          name: p.name,
          heading: p.heading,
          marks: marksOf(state, p.id),
        }));
        const request = leanRequest(views);
        if ("error" in request) return setProblem(request.error);
        setLean((await measureLean.mutateAsync(request.body)).lean);
      }
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const drawn = marks && drawnMarks(marks, mode, units, answer);
  const busy = save.isPending || measureLean.isPending;
  return (
    <Box onKeyDown={keys} sx={{ display: "contents" }}>
      <DialogTitle id="measure-title">{t.title}</DialogTitle>
      <DialogContent>
        {timeline.data && photos.length === 0 && <Typography>{t.noPhotos}</Typography>}
        {photo && marks && drawn && (
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PhotoPicker
                photos={photos}
                chosen={photo.id}
                onChoose={(id) => (setChosen(id), setSelected(null))}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", my: 1, flexWrap: "wrap" }}>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={tool}
                  onChange={(_e, next: MarkList | null) => next && setTool(next)}
                  aria-label={t.tools}
                >
                  {TOOLS[mode].map((list) => (
                    <ToggleButton key={list} value={list}>
                      {t.tool[list]}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <Button
                  size="small"
                  startIcon={<UndoIcon />}
                  onClick={undo}
                  disabled={state.past.length === 0}
                >
                  {t.undo}
                </Button>
              </Stack>
              <PhotoStage
                key={photo.id}
                photo={photo}
                marks={drawn.marks}
                lines={drawn.lines}
                selected={selected}
                onSelect={setSelected}
                onPlace={place}
                onMove={(ref, at, key) => dispatch({ type: "move", photo: photo.id, ref, at, key })}
                onRemove={(ref) => (dispatch({ type: "remove", photo: photo.id, ref }), setSelected(null))}
              />
              <Typography id="measure-keys-help" variant="caption" color="text.secondary">
                {t.keysHelp}
              </Typography>
            </Box>
            <Box sx={{ width: { md: 340 }, flexShrink: 0 }}>
              <Tabs value={mode} onChange={(_e, next: MeasureMode) => changeMode(next)} aria-label={t.modes}>
                <Tab value="heights" label={t.heights} />
                <Tab value="lean" label={t.lean} />
              </Tabs>
              <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
                {mode === "heights" ? t.heightsHelp : t.leanHelp}
              </Typography>
              {problem && (
                <Alert severity="error" sx={{ mb: 1 }} role="alert">
                  <strong>{mode === "heights" ? t.saveFailed : t.leanFailed}:</strong> {problem}.{" "}
                  {t.marksKept}
                </Alert>
              )}
              {mode === "heights" ? (
                <HeightsPanel
                  marks={marks}
                  units={units}
                  answer={answer}
                  selected={selected}
                  onSelect={setSelected}
                  onEdit={(ref, patch) =>
                    dispatch({
                      type: "edit",
                      photo: photo.id,
                      ref,
                      patch,
                      key: `edit-${ref.list}-${ref.index}-${Object.keys(patch).join()}`,
                    })
                  }
                  onRemove={(ref) => (dispatch({ type: "remove", photo: photo.id, ref }), setSelected(null))}
                />
              ) : (
                <LeanPanel
                  photo={photo}
                  marks={marks}
                  answer={lean}
                  onField={(field, value) => dispatch({ type: "field", photo: photo.id, field, value })}
                />
              )}
              {mode === "heights" && answer && answer.suggestions.length > 0 && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  <strong>{t.suggestions}</strong>
                  {answer.suggestions.map((s, i) => (
                    <div key={i}>{s.reason}</div>
                  ))}
                </Alert>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={
            !photo || busy || (mode === "heights" && marks !== null && savedMarks[photo.id] === marks)
          }
        >
          {mode === "heights"
            ? save.isPending
              ? t.saving
              : t.save
            : measureLean.isPending
              ? t.measuringLean
              : t.measureLean}
        </Button>
      </DialogActions>
    </Box>
  );
}
