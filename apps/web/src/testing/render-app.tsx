import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../lib/api";

/** Shows the current path, so a test can see where a screen navigated to. */
export function CurrentPath() {
  const { pathname } = useLocation();
  return <p data-testid="current-path">{pathname}</p>;
}

/**
 * Renders `routes` (or one route `element` at `path`) with the app's providers and a fresh query client, at
 * `initialPath`. Routes not given render the current path, to check navigation.
 */
export function renderApp(options: { initialPath: string; routes: ReactElement }) {
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.initialPath]}>
        <Routes>
          {options.routes}
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient };
}
