/**
 * The map's search box, at the head of the globe's toolbar: a combobox as WAI-ARIA describes it
 * (MUI's Autocomplete: role, aria-expanded, aria-controls and aria-activedescendant), so the
 * arrow keys move through the suggestions for a screen reader as for the eye, and Enter takes
 * the highlighted one, or without one the first hit of the text as typed. A notice (a place name
 * offline, nothing found) is said under the box, politely, and leads nowhere.
 */
import SearchIcon from "@mui/icons-material/Search";
import { Autocomplete, Box, InputAdornment, TextField } from "@mui/material";
import { mapNavigationTexts, searchTexts } from "@poleatlas/shared";
import { useEffect, useId, useRef, useState } from "react";
import { FOCUS_RING } from "../../../components/focus-ring";
import { VISUALLY_HIDDEN } from "../../../components/visually-hidden";
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
import { useMapSearch } from "../hooks/use-map-search";
import type { MapSearchHit } from "../lib/map-search";

/** A hit that leads somewhere (not a notice). */
export type MapSearchPlace = Exclude<MapSearchHit, { kind: "notice" }>;

const isPlace = (hit: MapSearchHit): hit is MapSearchPlace => hit.kind !== "notice";

/** Free text (Enter without a highlighted suggestion) or a suggestion. */
type Choice = MapSearchPlace | string;

export interface MapSearchBoxProps {
  /** What the map holds: searched without the server (regions by name, the region's poles). */
  regions: readonly RegionSummary[];
  poles: PoleMarkers | null;
  /** A hit chosen: the globe goes there (a region opens, a pole's record opens). */
  onChoose: (hit: MapSearchPlace) => void;
  /** Narrow screens: the box leaves room for the menu button on the left. */
  compact?: boolean;
}

interface Answer {
  query: string;
  hits: readonly MapSearchPlace[];
}

export function MapSearchBox({ regions, poles, onChoose, compact = false }: MapSearchBoxProps) {
  const search = useMapSearch(regions, poles);
  const [input, setInput] = useState("");
  const [answer, setAnswer] = useState<Answer>({ query: "", hits: [] });
  const [notice, setNotice] = useState<string | null>(null);
  const noticeId = useId();
  // The text in the box now: an Enter's answer that arrives after the user typed on is dropped,
  // so a late answer never moves the map away from what the box says.
  const inputNow = useRef(input);
  useEffect(() => {
    inputNow.current = input;
  });
  const text = input.trim();
  // Suggestions for the text as it stands; an answer for an older text is never shown.
  useEffect(() => {
    if (!text || answer.query === text) return;
    let current = true;
    search(text, { suggest: true }).then(
      (hits) => {
        if (current && hits.length > 0) setAnswer({ query: text, hits: hits.filter(isPlace) });
      },
      (e: unknown) => console.error("Search suggestions failed", e),
    );
    return () => {
      current = false;
    };
  }, [text, answer.query, search]);
  const hits = answer.query === text ? answer.hits : [];

  const choose = (hit: MapSearchPlace) => {
    setNotice(null);
    // The box keeps what was found, and that text is not searched again.
    setAnswer({ query: hit.displayName, hits: [] });
    setInput(hit.displayName);
    onChoose(hit);
  };
  const searchTyped = async (typed: string) => {
    const query = typed.trim();
    if (!query) return;
    const [first] = await search(query, { suggest: false });
    if (inputNow.current.trim() !== query) return;
    if (!first) setNotice(searchTexts.nothingFound(query));
    else if (first.kind === "notice") setNotice(first.displayName);
    else choose(first);
  };

  return (
    <Box sx={{ position: "relative", width: compact ? "min(250px, calc(100vw - 230px))" : 250 }}>
      <Autocomplete<MapSearchPlace, false, false, true>
        freeSolo
        size="small"
        options={hits}
        value={null}
        inputValue={input}
        onInputChange={(_e, value, reason) => {
          // "reset": MUI putting the chosen option's text in, which choose() did already.
          if (reason === "reset") return;
          setInput(value);
          setNotice(null);
        }}
        onChange={(_e, choice: Choice | null) => {
          if (choice === null) return;
          if (typeof choice === "string") void searchTyped(choice);
          else choose(choice);
        }}
        // The search ranked and limited its hits already: shown as answered.
        filterOptions={(x) => x}
        getOptionLabel={(o) => (typeof o === "string" ? o : o.displayName)}
        getOptionKey={(o) => (typeof o === "string" ? o : `${o.kind}:${o.displayName}`)}
        sx={{
          "& .MuiInputBase-root": { bgcolor: "rgba(38,38,38,0.9)", height: 32, pr: 1 },
          // The product's ring, not the text fields' thicker border: the box stands on the imagery.
          "& .MuiInputBase-root.Mui-focused": FOCUS_RING,
          "& .MuiInputBase-root.Mui-focused .MuiOutlinedInput-notchedOutline": { borderWidth: 1 },
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={mapNavigationTexts.searchPlaceholder}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: {
                ...params.slotProps.htmlInput,
                "aria-label": mapNavigationTexts.searchLabel,
                "aria-describedby": notice ? noticeId : undefined,
              },
            }}
          />
        )}
      />
      <Box
        id={noticeId}
        role="status"
        sx={
          notice
            ? {
                position: "absolute",
                top: 36,
                right: 0,
                width: "100%",
                p: 1,
                borderRadius: 1,
                bgcolor: "rgba(38,38,38,0.95)",
                typography: "body2",
              }
            : VISUALLY_HIDDEN
        }
      >
        {notice}
      </Box>
    </Box>
  );
}
