import "./zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { createQueryClient } from "./lib/api";
import { applyTheme, readStoredTheme } from "./lib/theme";
import { App } from "./app/routes";
import { TENANT_HOST_META } from "@fieldops/shared/custom-domain";
import "./index.css";

// Before the first render, so the page does not flash the other palette.
applyTheme(readStoredTheme());

// The server names the tenant when the page is served on that tenant's own domain.
const hostTenant = document.querySelector<HTMLMetaElement>(`meta[name="${TENANT_HOST_META}"]`)?.content || null;

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <App hostTenant={hostTenant} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
