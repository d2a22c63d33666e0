import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "./env.ts";

const example = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8");
const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));

describe(".env.example", () => {
  it("lists every variable the API and the worker read, and those of npm start and the database scripts", () => {
    const read = [
      ...Object.keys(envSchema.shape),
      "DATABASE_OWNER_URL",
      "FIELDOPS_DATA_DIR",
      "FIELDOPS_ENV_FILE",
      "WEB_DEV_PORT",
    ];
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });
});
