import "../zod-config";
import { configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppProviders } from "../app/providers";
import { LiveReactions } from "../app/signed-in-layout";
import { createQueryClient } from "../lib/api";

// Pages load on demand (app/pages.ts); the first time in a test run their code is transformed then, which on a busy
// machine takes longer than the default second of findBy*.
configure({ asyncUtilTimeout: 5000 });

/** Shows the current path, so a test can see where a screen navigated to. */
export function CurrentPath() {
  const { pathname } = useLocation();
  return <p data-testid="current-path">{pathname}</p>;
}

/**
 * Renders `routes` (or one route `element` at `path`) with the app's providers, the features' live-event reactions and a fresh query client, at
 * `initialPath`. Routes not given render the current path, to check navigation.
 */
export function renderApp(options: { initialPath: string; routes: ReactElement }) {
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <LiveReactions>
        <MemoryRouter initialEntries={[options.initialPath]}>
          <Routes>
            {options.routes}
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </LiveReactions>
    </AppProviders>,
  );
  return { ...view, queryClient };
}
