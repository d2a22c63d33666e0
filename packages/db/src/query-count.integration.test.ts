import { afterAll, describe, expect, it } from "vitest";
import { workerResources } from "../../../tests/integration/provided-context.ts";
import { createDatabase } from "./client.ts";
import { countQueries, type QueryTally } from "./query-count.ts";

const counting = createDatabase(workerResources().ownerDatabaseUrl, { max: 4, countQueries: true });
const plain = createDatabase(workerResources().ownerDatabaseUrl, { max: 2 });
afterAll(async () => {
  await Promise.all([counting.$disconnect(), plain.$disconnect()]);
});

describe("countQueries", () => {
  it("counts each statement a counting client sends for the work, transaction control included", async () => {
    const tally: QueryTally = { queries: 0 };
    // Prisma's queries are lazy: they run when awaited, which must happen inside the counted work.
    await countQueries(tally, async () => {
      await counting.$queryRaw`SELECT 1`;
    });
    expect(tally.queries).toBe(1);
    await countQueries(tally, () =>
      counting.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        await tx.$queryRaw`SELECT 2`;
      }),
    );
    // BEGIN, the two selects, COMMIT.
    expect(tally.queries).toBe(1 + 4);
  });

  it("keeps the tallies of concurrent work apart", async () => {
    const one: QueryTally = { queries: 0 };
    const three: QueryTally = { queries: 0 };
    await Promise.all([
      countQueries(one, async () => {
        await counting.$queryRaw`SELECT pg_sleep(0.05)::text`;
      }),
      countQueries(three, async () => {
        for (let index = 0; index < 3; index++) await counting.$queryRaw`SELECT 1`;
      }),
    ]);
    expect([one.queries, three.queries]).toEqual([1, 3]);
  });

  it("counts nothing for a client created without counting, or outside any tally", async () => {
    const tally: QueryTally = { queries: 0 };
    await countQueries(tally, async () => {
      await plain.$queryRaw`SELECT 1`;
    });
    await counting.$queryRaw`SELECT 1`;
    expect(tally.queries).toBe(0);
  });
});
