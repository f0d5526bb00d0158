/** Name and scope of a new key for the active workspace; the key is then shown once. */
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, apiKeyTexts, type ApiKeyScope } from "@poleatlas/shared";
import { useState, type FormEvent } from "react";
import { useCreateApiKey } from "../api/api-keys";

export function CreateKeyForm({ workspaceName }: { workspaceName: string }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "") return;
    create.mutate({ name: name.trim(), scope }, { onSuccess: () => setName("") });
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {apiKeyTexts.forWorkspace(workspaceName)}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}
      >
        <TextField
          label={apiKeyTexts.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          size="small"
          required
          slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
        />
        <TextField
          select
          label={apiKeyTexts.scope}
          value={scope}
          onChange={(e) => setScope(e.target.value as ApiKeyScope)}
          size="small"
          sx={{ minWidth: 180 }}
        >
          {API_KEY_SCOPES.map((s) => (
            <MenuItem key={s} value={s}>
              {apiKeyTexts.scopeNames[s]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={create.isPending || name.trim() === ""}>
          {apiKeyTexts.create}
        </Button>
      </Box>
      {create.isError && <Alert severity="error">{apiKeyTexts.createFailed}</Alert>}
      {create.data && (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void navigator.clipboard?.writeText(create.data.key)}
            >
              {apiKeyTexts.copy}
            </Button>
          }
        >
          <Typography variant="body2">{apiKeyTexts.shownOnce}</Typography>
          <Typography
            component="code"
            data-testid="new-api-key"
            sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
          >
            {create.data.key}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}
