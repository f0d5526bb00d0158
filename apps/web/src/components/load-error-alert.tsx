/** A failed load that the user can see and try again: what failed, the server's reason, Retry. */
import { Alert, AlertTitle, Button } from "@mui/material";
import { loadTexts } from "../config/texts";
import { ApiError } from "../lib/api-client";

export interface LoadErrorAlertProps {
  title: string;
  error: Error | null;
  onRetry: () => void;
}

export function LoadErrorAlert({ title, error, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      variant="filled"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {loadTexts.retry}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {/* The server's own words; anything else (a contract drift) is for the console, not users. */}
      {error instanceof ApiError ? error.message : null}
    </Alert>
  );
}
