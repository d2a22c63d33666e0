import { describe, expect, it } from "vitest";
import { nodeArguments } from "../start/supervise.ts";
import { addImportExtensions, compiledExports } from "./compile-server.ts";

describe("addImportExtensions", () => {
  const compiled = new Set(["/out/shared/endpoint.js", "/out/shared/matrix/index.js"]);
  const exists = (path: string) => compiled.has(path);

  it("gives extensionless relative imports the compiled file, a folder its index, and leaves the others", () => {
    const code = [
      `import { defineEndpoint } from "./endpoint";`,
      `export * from './matrix';`,
      `const lazy = await import("./endpoint");`,
      `import "./endpoint";`,
      `import { z } from "zod";`,
      `import { text } from "./text.js";`,
    ].join("\n");
    expect(addImportExtensions(code, "/out/shared/jobs.js", exists)).toBe(
      [
        `import { defineEndpoint } from "./endpoint.js";`,
        `export * from './matrix/index.js';`,
        `const lazy = await import("./endpoint.js");`,
        `import "./endpoint.js";`,
        `import { z } from "zod";`,
        `import { text } from "./text.js";`,
      ].join("\n"),
    );
  });

  it("refuses an import with no compiled module, rather than leave one that fails at run time", () => {
    expect(() => addImportExtensions(`import { x } from "./missing";`, "/out/shared/jobs.js", exists)).toThrow(
      'no compiled module for the import of "./missing"',
    );
  });
});

it("compiledExports points a package's exports at its .js files", () => {
  expect(compiledExports({ ".": "./src/client.ts", "./*": "./src/*.ts", "./x": { import: "./x.tsx" } })).toEqual({
    ".": "./src/client.js",
    "./*": "./src/*.js",
    "./x": { import: "./x.js" },
  });
});

it("nodeArguments runs a compiled entry with plain node and a TypeScript one with tsx", () => {
  expect(nodeArguments("/app/dist/server/apps/api/src/main.js")).toEqual([
    "--enable-source-maps",
    "/app/dist/server/apps/api/src/main.js",
  ]);
  expect(nodeArguments("/app/apps/api/src/main.ts")).toEqual(["--import", "tsx", "/app/apps/api/src/main.ts"]);
  expect(() => nodeArguments("/app/dist/server/apps/api/src/main.js", { watch: true })).toThrow("watch mode");
});
