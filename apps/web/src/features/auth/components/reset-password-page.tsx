/**
 * /reset-password?token=… (spec §2 "Reset-password page", §4 "Password reset"): verifying (a
 * spinner while the server checks the link), then the form, then success (to /login after 2 s)
 * or the link's error, with 'Request a new password reset link' when the message calls for it.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import { authTexts, FORGOT_PASSWORD_PATH, messages, RESET_SUCCESS_REDIRECT_MS } from "@poleatlas/shared";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { fetchResetTokenStatus, resetPassword } from "../api/password-reset";
import { useResetTokenStatus } from "../hooks/use-reset-token-status";
import { offersNewResetLink, resetLinkMessage, validateNewPassword } from "../lib/auth-rules";
import { useAlertFocus } from "../../../components/use-alert-focus";
import { AuthLayout } from "./auth-layout";
import { PasswordField } from "./auth-fields";

/** The link's own verdict before any form: no token, an error from a redirect, or the server's answer. */
function linkError(
  token: string | null,
  redirectError: string | null,
  status: ReturnType<typeof useResetTokenStatus>,
) {
  if (redirectError) return messages.resetLinkUsedOrInvalid;
  if (!token) return resetLinkMessage("missing");
  if (status.isError) return messages.resetFallback;
  return status.data ? resetLinkMessage(status.data) : null;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const status = useResetTokenStatus(token);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: async (newPassword: string) => {
      try {
        await resetPassword(token ?? "", newPassword);
      } catch (err) {
        // The link died since the page opened (used in another tab, expired): say which.
        if (err instanceof ApiError && err.code === "INVALID_TOKEN") {
          const now = await fetchResetTokenStatus(token ?? "").catch(() => "invalid" as const);
          throw new Error(resetLinkMessage(now) ?? messages.resetLinkUsedOrInvalid, { cause: err });
        }
        throw err;
      }
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    // The success goes along to /login, shown there: two seconds are too few to read it here.
    const timer = setTimeout(
      () => void navigate("/login", { state: { notice: messages.resetSuccess } }),
      RESET_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const verifying = token !== null && token !== "" && status.isPending && !params.get("error");
  const error = linkError(token, params.get("error"), status) ?? formError ?? reset.error?.message ?? null;
  const showForm = !verifying && !linkError(token, params.get("error"), status) && !reset.isSuccess;
  // The form goes (or is disabled) as it sends: its outcome takes the keyboard.
  const errorAlert = useAlertFocus(error);
  const successAlert = useAlertFocus(reset.isSuccess ? messages.resetSuccess : null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateNewPassword(password, confirmPassword);
    setFormError(invalid);
    if (invalid) return;
    reset.reset();
    reset.mutate(password);
  };

  return (
    <AuthLayout>
      <Typography variant="h6" component="h2" sx={{ mb: 2, textAlign: "center" }}>
        {authTexts.resetPasswordTitle}
      </Typography>
      {verifying ? (
        <Box sx={{ display: "grid", placeItems: "center", py: 4 }}>
          <CircularProgress aria-label="Verifying your reset link" />
        </Box>
      ) : (
        <Stack spacing={2} component="form" onSubmit={onSubmit}>
          {error && (
            <Alert ref={errorAlert} tabIndex={-1} severity="error" variant="filled">
              {error}
            </Alert>
          )}
          {reset.isSuccess && (
            <Alert ref={successAlert} tabIndex={-1} severity="success">
              {messages.resetSuccess}
            </Alert>
          )}
          {showForm && (
            <>
              <PasswordField
                name="newPassword"
                label={authTexts.newPassword}
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
                disabled={reset.isPending}
                required
                autoFocus
                helperText={authTexts.passwordRule}
              />
              <PasswordField
                name="confirmNewPassword"
                label={authTexts.confirmNewPassword}
                autoComplete="new-password"
                value={confirmPassword}
                onChange={setConfirmPassword}
                disabled={reset.isPending}
                required
              />
              <Button type="submit" variant="contained" size="large" disabled={reset.isPending} fullWidth>
                {reset.isPending ? authTexts.resettingPassword : authTexts.resetPasswordButton}
              </Button>
            </>
          )}
          {error && offersNewResetLink(error) && (
            <Button variant="outlined" onClick={() => void navigate(FORGOT_PASSWORD_PATH)} fullWidth>
              {authTexts.requestNewResetLink}
            </Button>
          )}
          <Button variant="text" onClick={() => void navigate("/login")} disabled={reset.isPending} fullWidth>
            {authTexts.backToLogin}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
