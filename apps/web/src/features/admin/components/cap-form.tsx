/** A member's quota in MB, saved on Enter or with its button. */
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

export interface QuotaFormProps {
  email: string;
  quotaBytes: number;
  saving: boolean;
  onSave: (quotaMB: number) => void;
}

export function QuotaForm({ email, quotaBytes, saving, onSave }: QuotaFormProps) {
  const [text, setText] = useState(String(bytesToMB(quotaBytes)));
  const [invalid, setInvalid] = useState(false);
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: "flex-start" }}
      onSubmit={(e) => {
        e.preventDefault();
        const mb = parseQuotaMB(text);
        setInvalid(mb === null);
        if (mb !== null) onSave(mb);
      }}
    >
      <TextField
        size="small"
        value={text}
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
