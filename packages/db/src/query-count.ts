import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/** How many statements were sent to PostgreSQL while a piece of work ran. */
export interface QueryTally {
  queries: number;
}

const tallies = new AsyncLocalStorage<QueryTally>();

/** Runs `work` so that every statement a counting database client sends for it, however deep, adds to `tally`. */
export function countQueries<T>(tally: QueryTally, work: () => T): T {
  return tallies.run(tally, work);
}

const query = pg.Client.prototype.query;

/**
 * The connection class of a counting database client (`createDatabase(url, { countQueries: true })`): every statement,
 * transaction control included, counts once in the tally of the work that sent it.
 */
export class CountingClient extends pg.Client {}
CountingClient.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const tally = tallies.getStore();
  if (tally) tally.queries++;
  return Reflect.apply(query, this, args) as unknown;
} as typeof query;
