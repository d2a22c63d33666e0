import pg from "pg";

/** Runs `use` on one plain connection (outside Prisma), for administration: roles, databases, catalog checks. */
export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {}); // the query in flight fails too; an unheard "error" event would crash the process
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
