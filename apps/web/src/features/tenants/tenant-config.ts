import type { User } from "@fieldops/shared/auth";
import { tenantEndpoints, type TenantConfig } from "@fieldops/shared/tenants";
import { VERTICALS } from "@fieldops/shared/verticals";
import { can } from "@fieldops/shared/permissions";
import { useEndpointQuery } from "../../lib/endpoints";

/** GET /api/tenants/{tenantId}/config; a 404 is the tenant not found, anything else a failed load. */
export function useTenantConfig(tenantId: string) {
  return useEndpointQuery(tenantEndpoints.config, { params: { tenantId } });
}

/** The features of a tenant whose own could not be loaded: the default vertical's. */
export const DEFAULT_TENANT_FEATURES: readonly string[] = VERTICALS.field_service.features;

/** What a tenant's sidebar shows of it. */
export interface TenantView {
  name: string;
  logo: string | null;
  primaryColor: string | null;
  industry: string;
  planName: string | null;
  features: readonly string[];
  betaMode: boolean;
}

/**
 * The tenant as its pages show it. When its features did not come (they are the account's details, which the server
 * gives only to the tenant's users and administrators), the default features with a minimal brand: the tenant's
 * name, no logo and the app's own colour.
 */
export function tenantView(config: TenantConfig): TenantView {
  if (config.features === null) {
    return {
      name: config.branding.name,
      logo: null,
      primaryColor: null,
      industry: config.industry,
      planName: null,
      features: DEFAULT_TENANT_FEATURES,
      betaMode: false,
    };
  }
  return {
    name: config.branding.name,
    logo: config.branding.logo,
    primaryColor: config.branding.primaryColor,
    industry: config.industry,
    planName: config.planName,
    features: config.features,
    betaMode: config.betaMode ?? false,
  };
}

/**
 * Who may use a tenant's pages: its own users, a platform admin impersonating it among them (their session belongs to
 * the company while it lasts). Everyone else is shown the tenant's login, or, a platform admin, led into an
 * impersonation first.
 */
export function canEnterTenant(user: User, config: TenantConfig): boolean {
  return user.companyId === config.id;
}

/**
 * A platform admin (on their own session, or impersonating another company) opening a tenant they do not belong to:
 * they enter it through an impersonation of it.
 */
export function needsImpersonation(user: User, config: TenantConfig): boolean {
  return (user.platformAdmin === true || user.impersonating) && user.companyId !== config.id;
}

/** Sees the tenant's Administration group: a platform admin, or anyone impersonating the tenant. */
export function isTenantAdministrator(user: User): boolean {
  return can(user, "platform.manage") || user.impersonating;
}
