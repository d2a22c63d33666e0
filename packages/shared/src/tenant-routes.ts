import { z } from "zod";

export const RESERVED_SLUGS = [
  "api",
  "admin",
  "admin-dashboard",
  "login",
  "logout",
  "forgot-password",
  "reset-password",
  "register",
  "signup",
  "pricing",
  "plans",
  "features",
  "about",
  "blog",
  "contact",
  "support",
  "documentation",
  "terms",
  "privacy",
  "settings",
  "dashboard",
  "userdash",
  "schedule",
  "jobs",
  "customers",
  "crews",
  "payments",
  "reports",
  "integrations",
  "review",
  "automations",
  "onboarding",
  "security",
  "menu",
  "instance-admin",
  "health",
  "_health",
  "assets",
  "public",
  "static",
  "t",
  "app",
  "industries",
] as const;

export const INDUSTRY_SLUGS = [
  "pharmacy",
  "lawn-care",
  "turf",
  "hvac",
  "plumbing",
  "electrical",
  "landscaping",
  "pest-control",
  "roofing",
  "concrete",
  "painting",
  "carpet-cleaning",
  "pressure-washing",
  "tree-service",
  "pool-service",
  "auto-detailing",
  "home-inspection",
  "garage-doors",
  "windows",
  "flooring",
  "fencing",
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

/** The pages of a tenant, under its path (/{slug}/… or /{industry}/{slug}/…). */
export const TENANT_SUB_ROUTES = [
  "login",
  "dashboard",
  "leads",
  "estimator",
  "billing",
  "home",
  "chat",
  "admin",
  "settings",
  "features",
  "schedule",
  "jobs",
  "customers",
  "crews",
  "crews/:id",
  "plans",
  "integrations",
  "payments",
  "reports",
  "support",
  "security",
  "review/:invoiceId",
  // The spec's automation page, and the list it is opened from (issue 27 asks for both under the tenant's path).
  "automations",
  "automations/:id",
] as const;

/** Where a tenant's bare path goes when the tenant has no home path of its own. */
export const DEFAULT_TENANT_HOME = "home";

const isReserved = (word: string) => (RESERVED_SLUGS as readonly string[]).includes(word);
const isIndustry = (word: string) => (INDUSTRY_SLUGS as readonly string[]).includes(word);

/** What a path of the web app is, as far as tenants go. */
export type TenantPathMatch =
  /** A tenant's page: `base` is its path (/{slug} or /{industry}/{slug}), `rest` what follows ("" for the bare path). */
  | { kind: "tenant"; tenantId: string; industry: IndustrySlug | null; base: string; rest: string }
  /** The old /t/{slug}{rest} form, now at `to`. */
  | { kind: "legacy"; to: string }
  /** /{industry} alone: that industry's page. */
  | { kind: "industry"; industry: IndustrySlug }
  /** An app word (reserved), or the root: not a tenant's. */
  | { kind: "app" };

/**
 * Reads a path's first segments: /t/{slug}{rest} is the legacy form; /{industry}/{slug}/… a tenant when the second
 * segment is not reserved; /{industry} alone the industry's page; any other first word that is not reserved a tenant
 * slug. The tenant's own rules (length, characters) are not checked here: an ill-formed slug is a tenant the server
 * does not find.
 */
export function matchTenantPath(pathname: string): TenantPathMatch {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const [first, second] = segments;
  if (first === undefined) return { kind: "app" };
  if (first === "t" && second !== undefined)
    return { kind: "legacy", to: `/turf${pathname.slice(pathname.indexOf("/t/") + 2)}` };
  if (isIndustry(first)) {
    const industry = first as IndustrySlug;
    if (second === undefined) return { kind: "industry", industry };
    if (isReserved(second)) return { kind: "app" };
    return {
      kind: "tenant",
      tenantId: second,
      industry,
      base: `/${first}/${second}`,
      rest: segments.slice(2).join("/"),
    };
  }
  if (isReserved(first)) return { kind: "app" };
  return { kind: "tenant", tenantId: first, industry: null, base: `/${first}`, rest: segments.slice(1).join("/") };
}

/**
 * The path of a tenant's page: /{slug}/{sub} or /{industry}/{slug}/{sub}. An unknown industry or a slug that breaks
 * the slug rules is a programming error, so it throws rather than build a link that leads nowhere.
 */
export function tenantPath(tenant: { slug: string; industry?: string | null }, sub = ""): string {
  const problem = validateTenantSlug(tenant.slug);
  if (problem) throw new Error(`Cannot build a tenant path for "${tenant.slug}": ${problem}`);
  if (tenant.industry && !isIndustry(tenant.industry))
    throw new Error(`Cannot build a tenant path: "${tenant.industry}" is not an industry`);
  const base = tenant.industry ? `/${tenant.industry}/${tenant.slug}` : `/${tenant.slug}`;
  return sub ? `${base}/${sub.replace(/^\/+/, "")}` : base;
}
