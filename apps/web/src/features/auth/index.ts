/** What the rest of the web app may use from accounts. */
export { AuthProvider } from "./components/auth-provider";
export { useAuth, type AuthContextValue } from "./hooks/auth-context";
export { sessionQueryKey } from "./api/get-session";
export { LoginPage } from "./components/login-page";
export { ResetPasswordPage } from "./components/reset-password-page";
export { ForgotPasswordPage } from "./components/forgot-password-page";
export { AuthLayout, BlackSpinner } from "./components/auth-layout";
export { forgetNextPath, rememberNextPath } from "./lib/next-path";
