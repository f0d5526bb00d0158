/**
 * The import's coordinate system: a search over the server's EPSG list (by code, name or area),
 * WGS 84 longitude/latitude unless another is chosen. A Shapefile brings its own in its .prj, so
 * for one the field only says so (and which system the server read there).
 */
import { Autocomplete, Box, TextField, Typography } from "@mui/material";
import { poleImportSetupTexts as texts, type CrsName } from "@poleatlas/shared";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useCrsSearch } from "../api/search-crs";

/** Typing settles this long before the server is asked. */
const TYPING_PAUSE_MS = 250;

/** A choice of the field; no code is WGS 84 longitude/latitude: nothing is sent. */
export interface CrsChoice {
  code: string | null;
  name: string;
  area?: string | null;
  unit?: string | null;
}

export const WGS84: CrsChoice = { code: null, name: texts.crsWgs84 };

const label = (c: CrsChoice) => (c.code ? texts.crsOption(c.name, c.code) : c.name);

export interface CrsFieldProps {
  value: CrsChoice;
  onChange: (next: CrsChoice) => void;
  /** The file is a Shapefile: its .prj decides. */
  fromPrj: boolean;
  /** What the server read in the .prj, once a dry run said so. */
  prjCrs?: CrsName | null;
  disabled?: boolean;
}

export function CrsField({ value, onChange, fromPrj, prjCrs, disabled }: CrsFieldProps) {
  // What the user is typing; null while the field shows the chosen system's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed ?? ""), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCrsSearch(query);

  if (fromPrj) {
    return (
      <TextField
        size="small"
        label={texts.crsLabel}
        value={prjCrs ? texts.crsFromPrjNamed(prjCrs.name, prjCrs.code) : texts.crsFromPrj}
        disabled
        fullWidth
      />
    );
  }
  const searching = (typed ?? "").trim() !== "";
  // The current choice stays listed, so the open list shows it selected.
  const options: CrsChoice[] = searching ? (found.data ?? []) : value.code ? [WGS84, value] : [WGS84];
  const failure =
    searching && found.isError
      ? texts.crsSearchFailed(found.error instanceof ApiError ? found.error.message : String(found.error))
      : null;
  return (
    <Autocomplete<CrsChoice, false, true, false>
      size="small"
      fullWidth
      disableClearable
      options={options}
      value={value}
      // A choice made elsewhere (a suggestion) shows here unless the user is typing.
      inputValue={typed ?? label(value)}
      onInputChange={(_e, next, reason) => {
        // Only what the user types is searched, not the chosen system's name filled in.
        setTyped(reason === "input" ? next : null);
      }}
      onChange={(_e, chosen) => onChange(chosen)}
      // The server matched code, name and area already: no second filtering here.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      loading={searching && found.isFetching}
      loadingText={texts.crsSearching}
      noOptionsText={texts.crsNoMatch}
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ flexDirection: "column", alignItems: "flex-start !important" }}
        >
          <Typography variant="body2">{label(option)}</Typography>
          {option.code && (
            <Typography variant="caption" color="text.secondary">
              {texts.crsDetails([option.area ?? null, option.unit ?? null])}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={texts.crsLabel}
          error={failure !== null}
          helperText={failure ?? texts.crsHelp}
        />
      )}
    />
  );
}
