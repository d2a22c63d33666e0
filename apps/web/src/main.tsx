import "./zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { createQueryClient } from "./lib/api";
import { applyTheme, readStoredTheme } from "./lib/theme";
import { AppRoutes } from "./app/routes";
import "./index.css";

// Before the first render, so the page does not flash the other palette.
applyTheme(readStoredTheme());

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
