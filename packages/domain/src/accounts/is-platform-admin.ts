import type { Role } from "@fieldops/shared/roles";

/**
 * The one test of a platform administrator: the `admin` role, or an address listed in PLATFORM_ADMIN_EMAILS
 * (`env.PLATFORM_ADMIN_EMAILS`, already lower-cased), which counts as an admin for tenant access and the admin portal.
 */
export function isPlatformAdmin(user: { role: Role; email: string }, platformAdminEmails: readonly string[]): boolean {
  return user.role === "admin" || platformAdminEmails.includes(user.email.trim().toLowerCase());
}
