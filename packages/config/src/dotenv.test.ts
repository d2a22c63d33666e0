import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadDotEnv } from "./dotenv.ts";

afterEach(() => {
  delete process.env.FIELDOPS_DOTENV_TEST_A;
  delete process.env.FIELDOPS_DOTENV_TEST_B;
});

function envFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "dotenv-")), ".env");
  writeFileSync(path, text);
  return path;
}

describe("loadDotEnv", () => {
  it("reads the file into the environment, and what the environment already has wins", () => {
    const path = envFile('FIELDOPS_DOTENV_TEST_A=from-file\nFIELDOPS_DOTENV_TEST_B="quoted # kept"\n');
    process.env.FIELDOPS_DOTENV_TEST_A = "from-environment";
    expect(loadDotEnv({ FIELDOPS_ENV_FILE: path })).toBe(path);
    expect(process.env.FIELDOPS_DOTENV_TEST_A).toBe("from-environment");
    expect(process.env.FIELDOPS_DOTENV_TEST_B).toBe("quoted # kept");
  });

  it("reads nothing under NODE_ENV=test, with FIELDOPS_ENV_FILE=none, or without a file", () => {
    const path = envFile("FIELDOPS_DOTENV_TEST_A=x\n");
    expect(loadDotEnv({ NODE_ENV: "test", FIELDOPS_ENV_FILE: path })).toBeNull();
    expect(loadDotEnv({ FIELDOPS_ENV_FILE: "none" })).toBeNull();
    expect(process.env.FIELDOPS_DOTENV_TEST_A).toBeUndefined();
    expect(() => loadDotEnv({ FIELDOPS_ENV_FILE: join(tmpdir(), "no-such-dir-xyz", ".env") })).toThrow(
      /does not exist/,
    );
  });
});
