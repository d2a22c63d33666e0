import { randomBytes } from "node:crypto";
import type { Env } from "@fieldops/config/env";

const UUID_HEX = /^[0-9a-f]{32}$/;
const TOKEN = /^[0-9a-f]{24}$/;

/**
 * The per-message addresses on the reply domain, `<kind>+<company hex>.<token>@<domain>`: `reply` for the Reply-To a
 * customer's answer comes back through (its thread message's token), `bounce` for the envelope sender (Return-Path)
 * delivery reports come back to (its outbox message's token: VERP). The address names the company, whose transaction
 * the token is then looked up in, so a token is only ever found among its own company's rows.
 */
export type TokenAddressKind = "reply" | "bounce";

/**
 * An unguessable token for one of those addresses: 96 random bits in hex (mail systems may fold an address's case, so
 * no base64), short enough that `bounce+<company>.<token>` fits a 64-character local part.
 */
export function newAddressToken(): string {
  return randomBytes(12).toString("hex");
}

/**
 * The domain replies to the company's e-mails are addressed at (`reply+<company>.<token>@<domain>`), and their
 * delivery reports (`bounce+…`), or null when nothing would receive them: INBOUND_EMAIL_DOMAIN (a provider's inbound
 * domain, which posts them to `POST /api/webhooks/email/inbound`), else MAIL_FROM's domain when the local mail catcher
 * is the mail server.
 */
export function replyDomain(env: Pick<Env, "INBOUND_EMAIL_DOMAIN" | "MAIL_CATCHER_PORT" | "MAIL_FROM"> | undefined) {
  if (!env) return null;
  if (env.INBOUND_EMAIL_DOMAIN) return env.INBOUND_EMAIL_DOMAIN.toLowerCase();
  if (!env.MAIL_CATCHER_PORT) return null;
  const from = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return from.split("@")[1]?.trim().toLowerCase() || null;
}

function tokenAddress(kind: TokenAddressKind, companyId: string, token: string, domain: string): string {
  return `${kind}+${companyId.replace(/-/g, "").toLowerCase()}.${token}@${domain}`;
}

function parseTokenAddress(kind: TokenAddressKind, address: string): { companyId: string; token: string } | null {
  const match = /^([a-z]+)\+([0-9a-f]+)\.([0-9a-f]+)@/i.exec(address.trim().replace(/^<|>$/g, ""));
  if (!match || match[1]!.toLowerCase() !== kind) return null;
  const [hex, token] = [match[2]!.toLowerCase(), match[3]!.toLowerCase()];
  if (!UUID_HEX.test(hex) || !TOKEN.test(token)) return null;
  const companyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { companyId, token };
}

/** The reply address of one outbound e-mail: its company (hex, no dashes) and its thread message's token. */
export function replyAddress(companyId: string, token: string, domain: string): string {
  return tokenAddress("reply", companyId, token, domain);
}

/** The company and token a reply address names, or null when it is not one. */
export function parseReplyAddress(address: string): { companyId: string; token: string } | null {
  return parseTokenAddress("reply", address);
}

/** The bounce address (envelope sender) of one outbound e-mail: its company and its outbox message's bounce token. */
export function bounceAddress(companyId: string, token: string, domain: string): string {
  return tokenAddress("bounce", companyId, token, domain);
}

/** The company and token a bounce address names, or null when it is not one. */
export function parseBounceAddress(address: string): { companyId: string; token: string } | null {
  return parseTokenAddress("bounce", address);
}
