/**
 * A platform admin: role admin, or an address of PLATFORM_ADMIN_EMAILS, on their own session. An impersonation
 * session is not one, although it acts as role admin: it is confined to the company it impersonates.
 */
export function isPlatformAdmin(
  user: { role: string; email: string; impersonation?: object | null },
  platformAdminEmails: readonly string[],
): boolean {
  if (user.impersonation) return false;
  return user.role === "admin" || platformAdminEmails.includes(user.email.toLowerCase());
}
