import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

/** A relative import that climbs out of its package into another one: use the package's name instead. */
const crossPackageRelative = {
  regex: String.raw`^\.\.?/(?:.*/)?(?:packages|apps|workers|machines)/`,
  message: "Import another package by its name (@fieldops/...), never by a relative path.",
};
const appImports = {
  group: [
    "@fieldops/api",
    "@fieldops/api/*",
    "@fieldops/web",
    "@fieldops/web/*",
    "@fieldops/worker",
    "@fieldops/worker/*",
  ],
  message: "Packages never import an app or the worker process; move what both need into a package.",
};
const serverPackages = {
  group: ["@fieldops/*", "!@fieldops/shared", "!@fieldops/shared/*", "!@fieldops/machines", "!@fieldops/machines/*"],
  message: "The web app and the shared contracts import only @fieldops/shared and @fieldops/machines.",
};
const serverLibraries = {
  group: ["node:*", "fastify", "@fastify/*", "ioredis", "bullmq", "pg", "@prisma/*", "argon2", "ws"],
  message: "Server-only: the web app and the shared contracts run in the browser too.",
};
const httpLibraries = {
  group: ["fastify", "fastify-*", "@fastify/*", "ws", "node:http", "node:https", "http", "https", "undici"],
  message: "Domain code knows nothing of HTTP: throw a DomainError and let the API map it to a status.",
};

const machinesImports = {
  regex: String.raw`^(?!@fieldops/shared(?:/|$)|xstate$|\.\.?/)`,
  message: "The machines import only @fieldops/shared and xstate: the same code runs in the browser and in Node tests.",
};

const featureImports = {
  regex: String.raw`(?:^|/)features/`,
  message:
    "The shell and the web app's shared code import no feature: features reach the shell through app/ (routes, live-event reactions).",
};

/**
 * A feature imports only itself: a relative path that climbs out of `features/<name>/` (from a file `depth` folders
 * below `features/`) lands in another feature. What two features need goes to components/, lib/ or
 * @fieldops/shared; a page that shows another feature's part gets it from app/ (the composition root).
 */
const otherFeature = (depth) => ({
  regex: String.raw`^(?:\.\./){${depth}}(?!\.\./)|(?:^|/)features/`,
  message:
    "A feature imports no other feature: move what both need to components/, lib/ or @fieldops/shared, or compose the pages in app/.",
});
const FEATURE_DEPTHS = [1, 2, 3];
const featureFiles = (depth) => [`apps/web/src/features/*/${"*/".repeat(depth - 1)}*.{ts,tsx}`];

const restrict = (...patterns) => ["error", { patterns: [crossPackageRelative, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "packages/db/generated",
      "test-results",
      "playwright-report",
      "bench/out",
      ".data",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-restricted-imports": restrict(),
    },
  },
  // The layers (ARCHITECTURE.md): what each part may import.
  { files: ["packages/**/*.ts"], rules: { "no-restricted-imports": restrict(appImports) } },
  { files: ["packages/domain/**/*.ts"], rules: { "no-restricted-imports": restrict(appImports, httpLibraries) } },
  {
    files: ["packages/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict(appImports, serverPackages, serverLibraries) },
  },
  {
    files: ["machines/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict(appImports, serverPackages, serverLibraries, machinesImports) },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/src/testing/**"],
    rules: { "no-restricted-imports": restrict(appImports, serverPackages, serverLibraries) },
  },
  {
    files: ["apps/web/src/{shell,lib,components,hooks}/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(appImports, serverPackages, serverLibraries, featureImports) },
  },
  ...FEATURE_DEPTHS.flatMap((depth) => [
    {
      files: featureFiles(depth),
      ignores: ["apps/web/src/**/*.test.{ts,tsx}"],
      rules: { "no-restricted-imports": restrict(appImports, serverPackages, serverLibraries, otherFeature(depth)) },
    },
    {
      files: featureFiles(depth).map((glob) => glob.replace("*.{ts,tsx}", "*.test.{ts,tsx}")),
      rules: { "no-restricted-imports": restrict(otherFeature(depth)) },
    },
  ]),
);
