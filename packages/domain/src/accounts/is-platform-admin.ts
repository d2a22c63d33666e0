/**
 * The one test of a platform administrator: the `admin` role, or an address listed in PLATFORM_ADMIN_EMAILS
 * (`env.PLATFORM_ADMIN_EMAILS`, already lower-cased), which counts as an admin for tenant access and the admin portal.
 * An impersonation session is not one, although it acts as role admin: it is confined to the company it impersonates.
 */
export function isPlatformAdmin(user: { role: string; email: string; impersonation?: object | null }, platformAdminEmails: readonly string[]): boolean {
  if (user.impersonation) return false;
  return user.role === "admin" || platformAdminEmails.includes(user.email.trim().toLowerCase());
}
