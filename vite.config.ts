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
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The charts (recharts and the d3 parts it draws with) on their own: with them, the vendor chunk passed
            // the one-megabyte bundle alert of the app's own telemetry.
            {
              name: "charts",
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|internmap)[\\/]/,
            },
            // zod-config (z.config({ jitless: true })) runs first in the vendor chunk: libraries there create zod
            // schemas as they load, and a schema made before it probes for eval, which the CSP reports.
            { name: "vendor", test: /node_modules[\\/]|apps[\\/]web[\\/]src[\\/]zod-config\.ts$/ },
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
