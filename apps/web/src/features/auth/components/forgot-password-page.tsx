/** /forgot-password: the target of 'Request a new password reset link' — an address and a send button. */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { authTexts, messages } from "@poleatlas/shared";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { requestPasswordReset } from "../api/password-reset";
import { validateEmailPresent } from "../lib/auth-rules";
import { useAlertFocus } from "../../../components/use-alert-focus";
import { AuthLayout } from "./auth-layout";
import { EmailField } from "./auth-fields";

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (address: string) => requestPasswordReset(address) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateEmailPresent(email);
    setMissing(invalid);
    if (invalid) return;
    send.mutate(email.trim());
  };

  const error = missing ?? send.error?.message ?? null;
  const errorAlert = useAlertFocus(error);
  const sentAlert = useAlertFocus(send.isSuccess ? messages.resetEmailSent : null);
  return (
    <AuthLayout>
      <Typography variant="h6" component="h2" sx={{ textAlign: "center" }}>
        {authTexts.forgotPasswordTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: "center" }}>
        {authTexts.forgotPasswordHelp}
      </Typography>
      <Box component="form" onSubmit={onSubmit}>
        <Stack spacing={2}>
          {error && (
            <Alert ref={errorAlert} tabIndex={-1} severity="error" variant="filled">
              {error}
            </Alert>
          )}
          {send.isSuccess && (
            <Alert ref={sentAlert} tabIndex={-1} severity="success">
              {messages.resetEmailSent}
            </Alert>
          )}
          <EmailField
            name="email"
            label={authTexts.emailLabel}
            value={email}
            onChange={setEmail}
            disabled={send.isPending}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={send.isPending} fullWidth>
            {send.isPending ? authTexts.processing : authTexts.sendResetLink}
          </Button>
          <Button variant="text" onClick={() => void navigate("/login")} fullWidth>
            {authTexts.backToLogin}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
