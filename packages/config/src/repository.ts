import { fileURLToPath } from "node:url";

/**
 * Whether this process runs the JavaScript `npm run build` compiled into dist/server, which mirrors the repository's
 * folders, rather than the TypeScript sources.
 */
export const RUNS_COMPILED = import.meta.url.endsWith(".js");

/** The repository's root folder (beside package.json), from the sources and from their compiled copy alike. */
export const REPOSITORY_ROOT = fileURLToPath(new URL(RUNS_COMPILED ? "../../../../../" : "../../../", import.meta.url));
