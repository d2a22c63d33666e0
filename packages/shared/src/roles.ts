import { z } from "zod";

export const roleSchema = z.enum(["admin", "owner", "member", "field_user"]);
export type Role = z.infer<typeof roleSchema>;

export const permissionSchema = z.enum(["all", "view", "edit", "platform_admin"]);
export type Permission = z.infer<typeof permissionSchema>;

/** Admin has permission all; everyone else view and edit. */
export function defaultPermissions(role: Role): Permission[] {
  return role === "admin" ? ["all"] : ["view", "edit"];
}

/** Admin and owner land on the admin dashboard, members on the user dashboard, field users in the field app. */
export function homePathForRole(role: Role): "/admin-dashboard" | "/userdash" | "/app" {
  if (role === "admin" || role === "owner") return "/admin-dashboard";
  return role === "field_user" ? "/app" : "/userdash";
}
