import type { Env } from "@fieldops/config/env";

const UUID_HEX = /^[0-9a-f]{32}$/;
const TOKEN = /^[0-9a-f]{24}$/;

/**
 * The domain replies to the company's e-mails are addressed at (`reply+<company>.<token>@<domain>`), or null when
 * nothing would receive them: INBOUND_EMAIL_DOMAIN (a provider's inbound domain, which posts them to
 * `POST /api/webhooks/email/inbound`), else MAIL_FROM's domain when the local mail catcher is the mail server.
 */
export function replyDomain(env: Pick<Env, "INBOUND_EMAIL_DOMAIN" | "MAIL_CATCHER_PORT" | "MAIL_FROM"> | undefined) {
  if (!env) return null;
  if (env.INBOUND_EMAIL_DOMAIN) return env.INBOUND_EMAIL_DOMAIN.toLowerCase();
  if (!env.MAIL_CATCHER_PORT) return null;
  const from = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return from.split("@")[1]?.trim().toLowerCase() || null;
}

/** The reply address of one outbound e-mail: its company (hex, no dashes) and its thread message's token. */
export function replyAddress(companyId: string, token: string, domain: string): string {
  return `reply+${companyId.replace(/-/g, "").toLowerCase()}.${token}@${domain}`;
}

/** The company and token a reply address names, or null when it is not one. */
export function parseReplyAddress(address: string): { companyId: string; token: string } | null {
  const match = /^reply\+([0-9a-f]+)\.([0-9a-f]+)@/i.exec(address.trim().replace(/^<|>$/g, ""));
  if (!match) return null;
  const [hex, token] = [match[1]!.toLowerCase(), match[2]!.toLowerCase()];
  if (!UUID_HEX.test(hex) || !TOKEN.test(token)) return null;
  const companyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { companyId, token };
}
