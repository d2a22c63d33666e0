import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/build/precompress.ts";

const webRoot = fileURLToPath(new URL("./apps/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
// The API's port: PORT, as `npm start` and `npm run dev` run it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// The web app lives in apps/web; the API serves the build from dist/web in production, and in development this
// server forwards /api (including the /api/ws WebSocket) to the API.
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // The field app's service worker (Workbox, through vite-plugin-pwa): served at /service-worker.js, it precaches
    // the app shell (the page, its scripts and styles, the icons), so /app opens on a phone without a connection.
    // The app registers it itself (apps/web/src/lib/service-worker.tsx) and checks for a new build every hour.
    VitePWA({
      strategies: "generateSW",
      filename: "service-worker.js",
      registerType: "prompt",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        name: "FieldOps",
        short_name: "FieldOps",
        description: "Your day's visits, checklists and notes in the field.",
        id: "/app",
        start_url: "/app",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#16803c",
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // The charts are an office's (reports, dashboards): not part of the field app's shell.
        globIgnores: ["**/*.br", "**/*.gz", "assets/charts-*.js"],
        // The page the server answers every app path with; only the field app's paths are answered from the cache,
        // since a company's own domain gets a page the server adapts (apps/api/src/http/index-html.ts).
        navigateFallback: "/index.html",
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        navigateFallbackDenylist: [/^\/api\//],
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
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
