/**
 * /login (spec §2 "Authentication screen", §4, §5, §8): tabs Login (0) and Sign Up (1), checks
 * before any call, 'Processing...' while busy, errors in a red alert, success messages, and a
 * forgot-password link that mails a reset link to the address typed in.
 */
import { Alert, Box, Button, Link, Stack, Tab, Tabs } from "@mui/material";
import { authTexts, messages, POST_LOGIN_PATH } from "@poleatlas/shared";
import { useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { requestPasswordReset } from "../api/password-reset";
import { useAuth } from "../hooks/auth-context";
import { signInErrorMessage, validateEmailPresent, validateSignUp } from "../lib/auth-rules";
import { forgetNextPath, nextPathFrom } from "../lib/next-path";
import { useAlertFocus } from "../../../components/use-alert-focus";
import { AuthLayout, BlackSpinner } from "./auth-layout";
import { EmailField, PasswordField } from "./auth-fields";

type TabIndex = 0 | 1;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The confirmation link lands here as /login?confirmed=1 (or with &error=… when it failed); a
 * password just reset comes with its success to show (the reset page's own is seen 2 s only).
 */
function confirmationNotice(params: URLSearchParams, state: unknown) {
  if (params.get("error")) return { error: authTexts.confirmationLinkInvalid, success: null };
  if (params.get("confirmed")) return { error: null, success: authTexts.emailConfirmed };
  const notice = (state as { notice?: unknown } | null)?.notice;
  if (notice === messages.resetSuccess) return { error: null, success: messages.resetSuccess };
  return { error: null, success: null };
}

export function LoginPage() {
  const { user, loading, signIn, signUp, signOutPending } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state: unknown = useLocation().state;
  const [tab, setTab] = useState<TabIndex>(0);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => confirmationNotice(params, state).error);
  const [success, setSuccess] = useState<string | null>(() => confirmationNotice(params, state).success);
  const [resetSent, setResetSent] = useState(false);
  // Sent here from a page that needs a session (an invitation): back there after signing in.
  // Read once: signing in forgets the remembered path before the signed-in render redirects.
  const [next] = useState(() => nextPathFrom(params) ?? POST_LOGIN_PATH);
  // The form is disabled while it sends: the outcome takes the keyboard, not the page.
  const errorAlert = useAlertFocus(error);
  const successAlert = useAlertFocus(success);

  if (loading) return <BlackSpinner label="Checking your session" />;
  if (user) return <Navigate to={next} replace />;

  const switchTab = (next: TabIndex) => {
    setTab(next);
    setError(null);
    setSuccess(null);
    setResetSent(false);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = validateEmailPresent(email);
    if (missing) return setError(missing);
    if (tab === 1) {
      const invalid = validateSignUp(password, confirmPassword);
      if (invalid) return setError(invalid);
      void run(async () => {
        try {
          await signUp(email.trim(), password);
          setTab(0);
          setPassword("");
          setConfirmPassword("");
          setSuccess(messages.signUpSuccess);
        } catch (err) {
          setError(errorText(err));
        }
      });
      return;
    }
    if (!password) return;
    void run(async () => {
      try {
        await signIn(email.trim(), password);
        forgetNextPath();
        void navigate(next, { replace: true });
      } catch (err) {
        setError(signInErrorMessage(errorText(err)));
      }
    });
  };

  const onForgotPassword = () => {
    const missing = validateEmailPresent(email);
    if (missing) return setError(missing);
    void run(async () => {
      try {
        await requestPasswordReset(email.trim());
        setResetSent(true);
        setSuccess(messages.resetEmailSent);
      } catch (err) {
        setError(errorText(err));
      }
    });
  };

  return (
    <AuthLayout>
      <Tabs
        value={tab}
        onChange={(_e, v: TabIndex) => switchTab(v)}
        variant="fullWidth"
        aria-label="Sign in or sign up"
        sx={{ mb: 2 }}
      >
        <Tab label={authTexts.loginTab} id="auth-tab-0" aria-controls="auth-panel" disabled={busy} />
        <Tab label={authTexts.signUpTab} id="auth-tab-1" aria-controls="auth-panel" disabled={busy} />
      </Tabs>
      <Box
        component="form"
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={`auth-tab-${tab}`}
        onSubmit={onSubmit}
      >
        <Stack spacing={2}>
          {error && (
            <Alert ref={errorAlert} tabIndex={-1} severity="error" variant="filled">
              {error}
            </Alert>
          )}
          {success && (
            <Alert ref={successAlert} tabIndex={-1} severity="success">
              {success}
            </Alert>
          )}
          {signOutPending && <Alert severity="info">{authTexts.signOutPending}</Alert>}
          <EmailField
            name="email"
            label={authTexts.emailLabel}
            value={email}
            onChange={setEmail}
            disabled={busy}
            required
            autoFocus
          />
          <PasswordField
            name="password"
            label={authTexts.passwordLabel}
            autoComplete={tab === 0 ? "current-password" : "new-password"}
            value={password}
            onChange={setPassword}
            disabled={busy}
            required
            helperText={tab === 1 ? authTexts.passwordRule : undefined}
          />
          {tab === 1 && (
            <PasswordField
              name="confirmPassword"
              label={authTexts.confirmPasswordLabel}
              autoComplete="new-password"
              value={confirmPassword}
              onChange={setConfirmPassword}
              disabled={busy}
              required
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? authTexts.processing : tab === 0 ? authTexts.signInButton : authTexts.signUpButton}
          </Button>
          {tab === 0 && (
            <Box sx={{ textAlign: "center" }}>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={onForgotPassword}
                disabled={busy || resetSent}
              >
                {authTexts.forgotPassword}
              </Link>
            </Box>
          )}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
