import { lookup as dnsLookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
// The client that calls out, not a server: the connection-time check needs undici's `connect.lookup`.
// eslint-disable-next-line no-restricted-imports
import { Agent, fetch } from "undici";

/**
 * The guard of every URL a tenant makes the servers call (a webhook): a tenant must not reach what only the servers
 * can (the cloud's metadata service at 169.254.169.254, a database on the private network, the API itself on
 * loopback). A URL is http(s) without credentials, and every address its host resolves to is a public unicast one.
 * Checking the name when it is saved is not enough (it may resolve elsewhere later, or differently on each lookup:
 * DNS rebinding), so a delivery connects through `guardedAgent`, which checks the very address it connects to.
 */

/** Resolves a host name to its addresses (every one of them); injected by tests. */
export type ResolveHost = (host: string) => Promise<string[]>;

export interface OutgoingUrlOptions {
  /** The operator's `WEBHOOK_ALLOW_PRIVATE_URLS`: local development and tests call receivers on loopback. */
  allowPrivate: boolean;
  resolve?: ResolveHost;
}

/** A URL the guard refuses, with the reason in words a user can act on. */
export class OutgoingUrlRefusedError extends Error {
  override readonly name = "OutgoingUrlRefusedError";
}

const resolveWithDns: ResolveHost = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    ),
  );

/**
 * Why an address may not be called (its range: "loopback", "private", "linkLocal", "carrierGradeNat", "uniqueLocal",
 * "unspecified", "multicast", "reserved", …), or null for a public unicast address. Only ipaddr.js's "unicast" range
 * passes, so a range it learns of later is refused rather than allowed; an IPv4-mapped IPv6 address is judged as the
 * IPv4 address it carries.
 */
export function addressRefusal(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

function refusedAddress(host: string, address: string, range: string): OutgoingUrlRefusedError {
  const where = host === address ? address : `${host} (${address})`;
  return new OutgoingUrlRefusedError(
    `The URL's host ${where} is a ${range} address: webhooks only go to public addresses`,
  );
}

/** The URL's parts the guard reads, or a refusal of its form (scheme, credentials). */
function parseOutgoingUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutgoingUrlRefusedError("The URL is not a valid address");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new OutgoingUrlRefusedError("The URL must start with https:// (or http://)");
  }
  if (url.username || url.password) {
    throw new OutgoingUrlRefusedError("The URL may not hold a user name or password: the signature proves the sender");
  }
  return url;
}

/**
 * Checks an outgoing URL: its form, and (unless the operator allows private targets) every address its host resolves
 * to. Throws `OutgoingUrlRefusedError`; answers the parsed URL.
 */
export async function checkOutgoingUrl(raw: string, options: OutgoingUrlOptions): Promise<URL> {
  const url = parseOutgoingUrl(raw);
  if (options.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(host);
    } catch {
      throw new OutgoingUrlRefusedError(`The URL's host ${host} could not be found`);
    }
    if (addresses.length === 0) throw new OutgoingUrlRefusedError(`The URL's host ${host} could not be found`);
  }
  for (const address of addresses) {
    const range = addressRefusal(address);
    if (range) throw refusedAddress(host, address, range);
  }
  return url;
}

/**
 * A `lookup` for sockets that refuses to connect to an address `addressRefusal` refuses: the check is made on the
 * addresses the connection uses, so a name that resolved to a public address when checked and to a private one now
 * is refused here. (A URL whose host is an IP literal is not looked up: `checkOutgoingUrl` judges it.)
 */
export function guardedLookup(baseLookup: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    baseLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = Array.isArray(addresses) ? addresses : [{ address: addresses, family: 4 }];
      for (const entry of list) {
        const range = addressRefusal(entry.address);
        if (range) return callback(refusedAddress(hostname, entry.address, range), "", 0);
      }
      if (list.length === 0) return callback(new OutgoingUrlRefusedError(`${hostname} has no address`), "", 0);
      if (options.all) return (callback as (error: null, addresses: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The undici dispatcher of outgoing calls to tenants' URLs: without the operator's allowance, its connections resolve
 * through `guardedLookup`. One per process is enough (it pools connections per origin).
 */
export function outgoingAgent(options: { allowPrivate: boolean; connectTimeoutMs?: number }): Agent {
  return new Agent({
    connect: {
      timeout: options.connectTimeoutMs ?? 10_000,
      ...(options.allowPrivate ? {} : { lookup: guardedLookup() }),
    },
  });
}

const agents = new Map<boolean, Agent>();

/** The outcome of one outgoing POST: the receiver's status and the start of its answer, or why there was none. */
export type OutgoingResult =
  | { kind: "answered"; status: number; body: string }
  | { kind: "unreachable"; error: string }
  | { kind: "refused"; error: string };

/**
 * POSTs `body` to a tenant's URL through the guarded agent: the URL checked again now (an IP literal is not looked up
 * at connection time), redirects not followed (a receiver answers where it was asked), `timeoutMs` for the whole
 * exchange, and only the first `maxBodyBytes` of the answer read.
 */
export async function postToOutgoingUrl(
  rawUrl: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number; maxBodyBytes: number },
  options: OutgoingUrlOptions,
): Promise<OutgoingResult> {
  let url: URL;
  try {
    url = await checkOutgoingUrl(rawUrl, options);
  } catch (error) {
    if (error instanceof OutgoingUrlRefusedError) return { kind: "refused", error: error.message };
    throw error;
  }
  let agent = agents.get(options.allowPrivate);
  if (!agent) {
    agent = outgoingAgent({ allowPrivate: options.allowPrivate });
    agents.set(options.allowPrivate, agent);
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      dispatcher: agent,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return {
      kind: "answered",
      status: response.status,
      body: await readStart(response.body as AsyncIterable<Uint8Array> | null, request.maxBodyBytes),
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (cause instanceof OutgoingUrlRefusedError) return { kind: "refused", error: cause.message };
    const message = cause instanceof Error ? cause.message : String(cause);
    return {
      kind: "unreachable",
      error:
        message.includes("aborted") || message.includes("timeout")
          ? `No answer within ${request.timeoutMs / 1000} s`
          : message,
    };
  }
}

async function readStart(stream: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!stream) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  // Leaving the loop early cancels the stream: the rest of a large answer is never read.
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.byteLength;
    if (length >= maxBytes) break;
  }
  return Buffer.concat(chunks)
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD+$/, "")
    .replaceAll("\u0000", "");
}
