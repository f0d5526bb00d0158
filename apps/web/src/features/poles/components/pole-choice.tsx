/**
 * "Which pole is this?": a photo the pole rule could not place (two register poles about as near
 * its line of sight, or none in view though the register stands near) waits without a pole until
 * the member chooses. Each waiting photo shows its candidates on a small plan around where it was
 * taken and as a list of radio buttons (the keyboard's way, and a phone's: the plan is drawn for
 * the eye and takes clicks too); 'Not in the register' makes a pole of its own. The upload dialog
 * asks right after the upload, the unplaced-photos dialog for the photos still waiting.
 */
import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { ASK_REACH_M, compassPoint, type ImageRecord, type PoleCandidate } from "@poleatlas/shared";
import { useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { patchImage, PhotoConflict } from "../api/patch-image";
import { poleChoiceTexts as texts } from "./pole-choice-texts";

/** A stored photo waiting for the member to say which register pole it shows. */
export interface WaitingPhoto {
  image: ImageRecord;
  candidates: PoleCandidate[];
}

const NEW_POLE = "new";
const PLAN_SIZE = 160;

const candidateName = (c: PoleCandidate) => c.tag ?? (c.label || texts.untagged);

/** The candidates around the photo's place (the centre), north up, ASK_REACH_M to the edge. */
function CandidatePlan(props: {
  candidates: PoleCandidate[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const half = PLAN_SIZE / 2;
  const scale = (half - 14) / ASK_REACH_M;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${PLAN_SIZE} ${PLAN_SIZE}`}
      sx={{ width: PLAN_SIZE, height: PLAN_SIZE, flex: "none", bgcolor: "action.hover", borderRadius: 1 }}
      role="img"
      aria-label={texts.candidatesMap}
    >
      <circle cx={half} cy={half} r={ASK_REACH_M * scale} fill="none" stroke="currentColor" opacity={0.2} />
      <circle cx={half} cy={half} r={4} fill="currentColor" />
      {props.candidates.map((c) => {
        const angle = (c.bearing_deg * Math.PI) / 180;
        const x = half + Math.sin(angle) * c.distance_m * scale;
        const y = half - Math.cos(angle) * c.distance_m * scale;
        const chosen = props.chosen === c.pole_id;
        return (
          <g key={c.pole_id} onClick={() => props.onChoose(c.pole_id)} style={{ cursor: "pointer" }}>
            <circle cx={x} cy={y} r={chosen ? 7 : 5} fill={chosen ? "#1976d2" : "#9e9e9e"} />
            <text x={x + 8} y={y + 4} fontSize={10} fill="currentColor">
              {candidateName(c)}
            </text>
          </g>
        );
      })}
    </Box>
  );
}

export function WaitingCard({
  waiting,
  onPlaced,
}: {
  waiting: WaitingPhoto;
  onPlaced: (image: ImageRecord) => void;
}) {
  const { image, candidates } = waiting;
  const [chosen, setChosen] = useState(candidates[0]?.pole_id ?? NEW_POLE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The version the next try names: the newer of the photo as last read (live changes read it
  // again) and the one a 412 brought, so a second try is not refused for the same stale version.
  const [seen, setSeen] = useState<number | null>(null);
  const version = Math.max(image.version, seen ?? image.version);
  const titleId = useId();

  const place = async () => {
    setBusy(true);
    setError(null);
    try {
      onPlaced(await patchImage(image.id, { pole_id: chosen }, version));
    } catch (err) {
      if (err instanceof PhotoConflict) setSeen(err.current.version);
      setError(err instanceof ApiError && err.message ? err.message : texts.choiceFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}
    >
      <Typography id={titleId} variant="subtitle1" component="h3">
        {texts.whichPole}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.whichPoleHelp(image.name)}
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { xs: "center", sm: "flex-start" } }}
      >
        <CandidatePlan candidates={candidates} chosen={chosen} onChoose={setChosen} />
        <RadioGroup
          aria-labelledby={titleId}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ alignSelf: "stretch" }}
        >
          {candidates.map((c) => (
            <FormControlLabel
              key={c.pole_id}
              value={c.pole_id}
              control={<Radio />}
              label={`${candidateName(c)} · ${texts.metresAway(c.distance_m, compassPoint(c.bearing_deg))}`}
              disabled={busy}
            />
          ))}
          <FormControlLabel
            value={NEW_POLE}
            control={<Radio />}
            label={
              <span>
                {texts.notInRegister}
                <Box
                  component="span"
                  sx={{ display: "block", typography: "caption", color: "text.secondary" }}
                >
                  {texts.notInRegisterHelp}
                </Box>
              </span>
            }
            disabled={busy}
          />
        </RadioGroup>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => void place()} disabled={busy} sx={{ mt: 1 }}>
        {busy ? texts.placing : texts.placePhoto}
      </Button>
    </Box>
  );
}

/** Every waiting photo of the upload, one choice each; a placed photo leaves the list. */
export function PoleChoice(props: { waiting: WaitingPhoto[]; onPlaced: (image: ImageRecord) => void }) {
  if (props.waiting.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {props.waiting.map((w) => (
        <WaitingCard key={w.image.id} waiting={w} onPlaced={props.onPlaced} />
      ))}
    </Stack>
  );
}
