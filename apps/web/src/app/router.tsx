import { createBrowserRouter, Navigate } from "react-router";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from "../features/auth";
import { ProtectedRoute } from "./protected-route";
import { AdminRoute, MapRoute, SubscribeRoute } from "./routes/lazy-routes";

export const router = createBrowserRouter([
  { path: "/login", element: <LoginPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  {
    // Everything below needs a signed-in user (spec §2, §6).
    element: <ProtectedRoute />,
    children: [
      { path: "/", element: <Navigate to="/map" replace /> },
      { path: "/map", element: <MapRoute /> },
      { path: "/subscribe", element: <SubscribeRoute /> },
      { path: "/admin", element: <AdminRoute /> },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
]);
