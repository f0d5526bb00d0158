/**
 * The move list's search: typing the start of a pole's tag (or label) lists the matching poles of
 * the workspace, wherever they stand, with how far and which way from the photo; choosing one
 * moves the photo there (the caller's move, with its Undo).
 */
import { Autocomplete, TextField } from "@mui/material";
import { poleMoveSearchTexts as texts, poleTexts, type PoleTagHit } from "@poleatlas/shared";
import { useEffect, useState } from "react";
import { usePolesByTag } from "../api/find-poles-by-tag";
import { distanceAndBearing } from "../lib/nearest-poles";

/** Typing settles this long before the server is asked. */
const TYPING_PAUSE_MS = 250;

const direction = (bearing: number) => poleTexts.compass[Math.round(bearing / 45) % 8]!;

export interface PoleTagSearchProps {
  /** Where the photo stands: each hit says how far and which way. */
  from: { latitude: number; longitude: number };
  /** The photo's own pole, left out of the hits. */
  currentPoleId: string;
  disabled?: boolean;
  /** A pole was chosen; `name` is how the move's notice names it. */
  onChoose: (poleId: string, name: string) => void;
}

export function PoleTagSearch({ from, currentPoleId, disabled, onChoose }: PoleTagSearchProps) {
  const [input, setInput] = useState("");
  const [prefix, setPrefix] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setPrefix(input), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const found = usePolesByTag(prefix);
  const hits = input.trim() === "" ? [] : (found.data ?? []).filter((p) => p.id !== currentPoleId);
  const name = (p: PoleTagHit) => {
    const { metres, bearing } = distanceAndBearing(from, p.latitude, p.longitude);
    return texts.option(p.tag, p.label, poleTexts.distance(metres, direction(bearing)));
  };
  return (
    <Autocomplete<PoleTagHit, false, false, false>
      size="small"
      options={hits}
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== "reset") setInput(value);
      }}
      onChange={(_e, pole) => {
        if (!pole) return;
        setInput("");
        onChoose(pole.id, pole.tag || pole.label || name(pole));
      }}
      // The server already matched the prefix (tag or label): no second filtering here.
      filterOptions={(x) => x}
      getOptionLabel={name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={found.isFetching}
      loadingText={texts.searching}
      noOptionsText={input.trim() === "" ? texts.placeholder : texts.noMatch}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label={texts.label} placeholder={texts.placeholder} />}
    />
  );
}
