/**
 * A day a finding was observed or resolved on: a date field bounded by `min` and today (the
 * server refuses a later day), with one-click choices beside it (today, the photo's date).
 */
import { Chip, Stack, TextField } from "@mui/material";
import { inspectionTexts } from "@poleatlas/shared";

/** Why `day` cannot be taken, or null. */
export function dayProblem(day: string, today: string, min?: string): string | null {
  if (day > today) return inspectionTexts.dateInFuture;
  if (min !== undefined && day < min) return inspectionTexts.dateBeforeObserved(min);
  return null;
}

export function DayField(props: {
  label: string;
  value: string;
  today: string;
  min?: string;
  choices: { label: string; day: string }[];
  onChange: (day: string) => void;
}) {
  const problem = props.value ? dayProblem(props.value, props.today, props.min) : null;
  return (
    <Stack spacing={1}>
      <TextField
        type="date"
        label={props.label}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={problem !== null}
        helperText={problem ?? undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: props.today, min: props.min } }}
      />
      {props.choices.length > 0 && (
        <Stack direction="row" spacing={1}>
          {props.choices.map((c) => (
            <Chip
              key={c.label}
              label={c.label}
              size="small"
              variant={props.value === c.day ? "filled" : "outlined"}
              onClick={() => props.onChange(c.day)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
