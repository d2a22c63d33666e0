import { Resolver } from "node:dns/promises";
import type { TxtLookup } from "@fieldops/domain/domains/verify-custom-domain";

/** TXT lookups on `servers` (the system's resolvers when empty), giving up after a few seconds. */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
}
