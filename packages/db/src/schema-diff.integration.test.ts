import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { defaultSchemaPath, diffMigrationsToSchema } from "./schema-diff.ts";

const databaseUrl = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

describe("diffMigrationsToSchema", () => {
  it("finds no difference between prisma/migrations and prisma/schema.prisma", async () => {
    expect(await diffMigrationsToSchema({ databaseUrl })).toBe("");
  });

  it("returns the SQL a schema change needs (drift)", async () => {
    const schema = await readFile(defaultSchemaPath, "utf8");
    const changed = schema.replace(/model Customer \{\n/, "model Customer {\n  nickname String?\n");
    expect(changed).not.toBe(schema);

    const sql = await diffMigrationsToSchema({ databaseUrl, schema: changed });
    expect(sql).toMatch(/ALTER TABLE "customers" ADD COLUMN\s+"nickname" TEXT/);
  });
});
