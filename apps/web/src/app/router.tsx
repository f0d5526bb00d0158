import { createBrowserRouter, Navigate } from "react-router";
import { PlaceholderPage } from "../components/placeholder-page";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from "../features/auth";
import { ProtectedRoute } from "./protected-route";

export const router = createBrowserRouter([
  { path: "/login", element: <LoginPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  {
    // Everything below needs a signed-in user (spec §2, §6).
    element: <ProtectedRoute />,
    children: [
      { path: "/", element: <Navigate to="/map" replace /> },
      { path: "/map", element: <PlaceholderPage title="Map" /> },
      { path: "/subscribe", element: <PlaceholderPage title="Upgrade Your Storage" /> },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
]);
