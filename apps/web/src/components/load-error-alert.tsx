/** A failed load that the user can see and try again: what failed, the server's reason, Retry. */
import { Alert, AlertTitle, Box, Button } from "@mui/material";
import { loadTexts } from "../config/texts";
import { ApiError } from "../lib/api-client";

export interface LoadErrorAlertProps {
  title: string;
  error: Error | null;
  onRetry: () => void;
  /** Retry under the text instead of beside it (narrow places such as the sidebar). */
  stacked?: boolean;
}

export function LoadErrorAlert({ title, error, onRetry, stacked = false }: LoadErrorAlertProps) {
  const retry = (
    <Button color="inherit" size="small" variant={stacked ? "outlined" : "text"} onClick={onRetry}>
      {loadTexts.retry}
    </Button>
  );
  return (
    <Alert severity="error" variant="filled" action={stacked ? undefined : retry}>
      <AlertTitle>{title}</AlertTitle>
      {/* The server's own words; anything else (a contract drift) is for the console, not users. */}
      {error instanceof ApiError ? error.message : null}
      {stacked && <Box sx={{ mt: 1 }}>{retry}</Box>}
    </Alert>
  );
}
