import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./scripts/build/precompress.ts";

const webRoot = fileURLToPath(new URL("./apps/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
const apiTarget = "http://127.0.0.1:3000";

// The web app lives in apps/web; the API serves the build from dist/web in production, and in development this
// server forwards /api (including the /api/ws WebSocket) to the API.
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys. Everything else is
        // split by the import graph, so that each lazily loaded page (apps/web/src/app/pages.ts) brings only what it
        // uses: no catch-all vendor group, which the entry would import whole.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The charts (recharts and the d3 parts it draws with), loaded only by the pages that draw them; without
            // the libraries recharts shares with the rest of the app (clsx), which would have every page load it.
            {
              name: "charts",
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|internmap)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // zod-config (z.config({ jitless: true })) runs right after zod, before any module creates a schema: a
            // schema made before it probes for eval, which the CSP reports.
            { name: "zod", test: /node_modules[\\/]zod[\\/]|apps[\\/]web[\\/]src[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, ws: true },
    },
  },
});
