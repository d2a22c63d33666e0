import { can } from "@fieldops/shared/permissions";
import type { Role } from "@fieldops/shared/roles";

/**
 * A platform admin: a role with `platform.manage` (admin), or an address of PLATFORM_ADMIN_EMAILS, on their own
 * session. An impersonation session is not one, although it acts as role admin: it is confined to the company it
 * impersonates.
 */
export function isPlatformAdmin(
  user: { role: Role; email: string; impersonation?: object | null },
  platformAdminEmails: readonly string[],
): boolean {
  if (user.impersonation) return false;
  return can({ role: user.role }, "platform.manage") || platformAdminEmails.includes(user.email.toLowerCase());
}
