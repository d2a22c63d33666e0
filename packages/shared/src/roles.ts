import { z } from "zod";

export const roleSchema = z.enum(["admin", "owner", "member", "field_user"]);
export type Role = z.infer<typeof roleSchema>;

export const permissionSchema = z.enum(["all", "view", "edit", "platform_admin"]);
export type Permission = z.infer<typeof permissionSchema>;

/** Admin has permission all; everyone else view and edit. */
export function defaultPermissions(role: Role): Permission[] {
  return role === "admin" ? ["all"] : ["view", "edit"];
}

/** Admin and owner land on the admin dashboard, others on the user dashboard. */
export function homePathForRole(role: Role): "/admin-dashboard" | "/userdash" {
  return role === "admin" || role === "owner" ? "/admin-dashboard" : "/userdash";
}

/** The admin portal's pages (paths under /admin) are the platform administrator's. */
export const ADMIN_PORTAL_ROLES: readonly Role[] = ["admin"];

/** Whether a user with `role` may open a page open to `allowed`; a page without a list is open to every role. */
export function isRoleAllowed(role: Role, allowed: readonly Role[] | undefined): boolean {
  return allowed === undefined || allowed.includes(role);
}

/**
 * Whether a user may do what the `allowed` roles may: their role is listed, or they are a platform admin
 * impersonating the company (permission `platform_admin`), who may do what any of its roles may.
 */
export function userMayAct(
  user: { role: Role; permissions: readonly Permission[] },
  allowed: readonly Role[] | undefined,
): boolean {
  return isRoleAllowed(user.role, allowed) || user.permissions.includes("platform_admin");
}
