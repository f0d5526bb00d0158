import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { router } from "./app/router";
import { UpdatePrompt } from "./components/update-prompt";
import { registerServiceWorker } from "./lib/offline/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);

// Production builds only: a worker in the dev server would answer with stale modules.
if (!import.meta.env.DEV) registerServiceWorker();
