/**
 * When the rows looked projected and no system was given, the systems the server found likeliest,
 * each one click away: the click sets the coordinate system and checks the file again.
 */
import { Alert, Button, Stack, Typography } from "@mui/material";
import { poleImportSetupTexts as texts, type CrsName } from "@poleatlas/shared";

export interface CrsSuggestionsProps {
  suggestions: readonly CrsName[];
  onChoose: (crs: CrsName) => void;
  disabled?: boolean;
}

export function CrsSuggestions({ suggestions, onChoose, disabled }: CrsSuggestionsProps) {
  if (suggestions.length === 0) return null;
  return (
    <Alert
      severity="warning"
      icon={false}
      component="section"
      aria-labelledby="pole-import-suggestions-title"
    >
      <Typography id="pole-import-suggestions-title" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {texts.suggestionsTitle}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {suggestions.map((crs) => (
          <Button
            key={crs.code}
            size="small"
            variant="outlined"
            disabled={disabled}
            onClick={() => onChoose(crs)}
          >
            {texts.useSuggestion(crs.name, crs.code)}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}
