import { z } from "zod";

export const RESERVED_SLUGS = [
  "api", "admin", "admin-dashboard", "login", "logout", "register", "signup", "pricing", "plans", "features",
  "about", "blog", "contact", "support", "documentation", "terms", "privacy", "settings", "dashboard", "userdash",
  "schedule", "jobs", "customers", "crews", "payments", "reports", "integrations", "review", "automations",
  "onboarding", "security", "menu", "instance-admin", "health", "_health", "assets", "public", "static", "t", "app",
  "industries",
] as const;

export const INDUSTRY_SLUGS = [
  "pharmacy", "lawn-care", "turf", "hvac", "plumbing", "electrical", "landscaping", "pest-control", "roofing",
  "concrete", "painting", "carpet-cleaning", "pressure-washing", "tree-service", "pool-service", "auto-detailing",
  "home-inspection", "garage-doors", "windows", "flooring", "fencing",
] as const;
export const industrySlugSchema = z.enum(INDUSTRY_SLUGS);
export type IndustrySlug = z.infer<typeof industrySlugSchema>;

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 50;

export const SLUG_MESSAGES = {
  tooShort: "Slug must be at least 3 characters long",
  tooLong: "Slug must be 50 characters or less",
  badCharacters: "Slug can only contain lowercase letters, numbers, and hyphens",
  edgeHyphen: "Slug cannot start or end with a hyphen",
  reserved: "This slug is reserved and cannot be used",
} as const;

/** A valid slug another company already has. */
export const SLUG_TAKEN = "This slug is already taken";

export const tenantSlugSchema = z
  .string()
  .min(SLUG_MIN_LENGTH, SLUG_MESSAGES.tooShort)
  .max(SLUG_MAX_LENGTH, SLUG_MESSAGES.tooLong)
  .regex(/^[a-z0-9-]+$/, SLUG_MESSAGES.badCharacters)
  .refine((slug) => !slug.startsWith("-") && !slug.endsWith("-"), SLUG_MESSAGES.edgeHyphen)
  .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), SLUG_MESSAGES.reserved);

/** The first rule a slug breaks, or null when it is valid. */
export function validateTenantSlug(slug: string): string | null {
  const result = tenantSlugSchema.safeParse(slug);
  return result.success ? null : (result.error.issues[0]?.message ?? SLUG_MESSAGES.badCharacters);
}

/**
 * Derives a valid slug from a company name: lowercase, runs of other characters become one hyphen, trimmed to the
 * maximum length without edge hyphens; a reserved or too-short result gets a suffix so that it stays usable.
 */
export function slugFromName(name: string): string {
  let slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
  if (slug.length < SLUG_MIN_LENGTH) slug = `${slug || "company"}-co`.replace(/^-/, "");
  if (validateTenantSlug(slug) === SLUG_MESSAGES.reserved) slug = `${slug}-co`;
  return slug;
}

/** `base`, then `base-2`, `base-3`… within the length limit, until `isTaken` says no. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
