import { createBrowserRouter, Navigate } from "react-router";
import { PlaceholderPage } from "../components/placeholder-page";
import { LoginPage } from "../features/auth/components/login-page";

export const router = createBrowserRouter([
  { path: "/", element: <Navigate to="/map" replace /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/map", element: <PlaceholderPage title="Map" /> },
  { path: "/subscribe", element: <PlaceholderPage title="Upgrade Your Storage" /> },
  { path: "/reset-password", element: <PlaceholderPage title="Reset Password" /> },
  { path: "*", element: <Navigate to="/" replace /> },
]);
