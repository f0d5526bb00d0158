import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { ACCEPT_INVITATION_PATH, NOTIFICATIONS_PATH } from "@poleatlas/shared";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from "../features/auth";
import { AcceptInvitationPage } from "../features/invitations";
import { ProtectedRoute } from "./protected-route";
import { RouteFrame } from "./route-frame";
import {
  AdminRoute,
  ApiKeysRoute,
  DashboardRoute,
  MapRoute,
  NotificationsRoute,
  SubscribeRoute,
  WorkRoute,
} from "./routes/lazy-routes";

/** The app's routes, each inside the frame that titles it and moves the keyboard on a change. */
export const routes: RouteObject[] = [
  {
    element: <RouteFrame />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      // Signed in or not: the page itself sends a visitor to sign in and back (a team invitation's link).
      { path: `${ACCEPT_INVITATION_PATH}/:id`, element: <AcceptInvitationPage /> },
      {
        // Everything below needs a signed-in user (spec §2, §6).
        element: <ProtectedRoute />,
        children: [
          { path: "/", element: <Navigate to="/map" replace /> },
          { path: "/map", element: <MapRoute /> },
          { path: "/subscribe", element: <SubscribeRoute /> },
          { path: "/admin", element: <AdminRoute /> },
          { path: "/keys", element: <ApiKeysRoute /> },
          { path: NOTIFICATIONS_PATH, element: <NotificationsRoute /> },
          { path: "/work", element: <WorkRoute /> },
          { path: "/dashboard", element: <DashboardRoute /> },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
