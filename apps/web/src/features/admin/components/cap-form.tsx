/** A member's cap inside the team's pool in MB (empty: no cap), saved on Enter or with its button. */
import { Button, Stack, TextField } from "@mui/material";
import { adminTexts, BYTES_PER_MB, bytesToMB, MAX_QUOTA_BYTES } from "@poleatlas/shared";
import { useState } from "react";

const MAX_QUOTA_MB = MAX_QUOTA_BYTES / BYTES_PER_MB;

/** The MB typed, or null when it is not a whole number within what the server accepts. */
export function parseQuotaMB(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const mb = Number(trimmed);
  return mb >= 1 && mb <= MAX_QUOTA_MB ? mb : null;
}

export interface CapFormProps {
  email: string;
  /** null: no cap. */
  capBytes: number | null;
  saving: boolean;
  onSave: (capMB: number | null) => void;
}

export function CapForm({ email, capBytes, saving, onSave }: CapFormProps) {
  const [text, setText] = useState(capBytes === null ? "" : String(bytesToMB(capBytes)));
  const [invalid, setInvalid] = useState(false);
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: "flex-start" }}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === "") {
          setInvalid(false);
          onSave(null);
          return;
        }
        const mb = parseQuotaMB(text);
        setInvalid(mb === null);
        if (mb !== null) onSave(mb);
      }}
    >
      <TextField
        size="small"
        value={text}
        placeholder={adminTexts.noCap}
        onChange={(e) => setText(e.target.value)}
        error={invalid}
        helperText={invalid ? adminTexts.badQuota : undefined}
        slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": `${adminTexts.quota}: ${email}` } }}
        sx={{ width: 120 }}
      />
      <Button
        type="submit"
        size="small"
        variant="outlined"
        disabled={saving}
        aria-label={`${adminTexts.saveQuota}: ${email}`}
      >
        {adminTexts.save}
      </Button>
    </Stack>
  );
}
