import { AUTH_TOKEN_STORAGE_KEY } from "@fieldops/shared/auth";
import {
  IMPERSONATION_TOKEN_STORAGE_KEY,
  ORIGINAL_TOKEN_STORAGE_KEY,
  type Impersonation,
} from "@fieldops/shared/impersonation";
import { impersonationEndpoints } from "@fieldops/shared/impersonation-endpoints";
import { telemetryEndpoints, type TelemetryTrackRequest } from "@fieldops/shared/telemetry";
import { ApiError, apiRequest } from "../../lib/api";
import { callEndpoint } from "../../lib/endpoints";

/** Whether the token every call sends is an impersonation's this page started. */
const isImpersonatingHere = () => {
  const held = localStorage.getItem(IMPERSONATION_TOKEN_STORAGE_KEY);
  return held !== null && held === localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
};

/**
 * While impersonating, the impersonation's token stands in for the admin's own as the stored bearer token (which
 * every call sends); the admin's is kept aside until the end. An empty saved token means the admin's session lived
 * in its cookie only.
 */
function holdImpersonationToken(token: string): void {
  if (!isImpersonatingHere())
    localStorage.setItem(ORIGINAL_TOKEN_STORAGE_KEY, localStorage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? "");
  localStorage.setItem(IMPERSONATION_TOKEN_STORAGE_KEY, token);
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

/** Puts the saved original token back and clears the impersonation's. */
export function restoreOriginalToken(): void {
  const original = localStorage.getItem(ORIGINAL_TOKEN_STORAGE_KEY);
  if (original) localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, original);
  else localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  localStorage.removeItem(ORIGINAL_TOKEN_STORAGE_KEY);
  localStorage.removeItem(IMPERSONATION_TOKEN_STORAGE_KEY);
}

/** POST /api/telemetry/track; its failures are ignored. */
export async function trackImpersonation(
  event: "admin_impersonate_started" | "admin_impersonate_ended",
  details: Omit<TelemetryTrackRequest, "event">,
): Promise<void> {
  try {
    await apiRequest("POST", telemetryEndpoints.track.path, {
      ...details,
      event,
      path: window.location.pathname,
      timestamp: Date.now(),
    });
  } catch {
    // Telemetry never stands in the way.
  }
}

/**
 * Ends the impersonation held here, if any (entering another tenant while impersonating one), then starts one of
 * `companyId` and makes its token the one every call sends.
 */
export async function enterAsPlatformAdmin(companyId: string, tenantId: string): Promise<Impersonation> {
  if (isImpersonatingHere()) {
    await callEndpoint(impersonationEndpoints.end).catch(() => undefined);
    restoreOriginalToken();
    void trackImpersonation("admin_impersonate_ended", { tenantId, impersonating: false });
  }
  const started = await callEndpoint(impersonationEndpoints.start, { params: { companyId } });
  holdImpersonationToken(started.token);
  void trackImpersonation("admin_impersonate_started", {
    tenantId,
    userId: started.impersonation.adminId,
    impersonating: true,
  });
  return started.impersonation;
}

/** Whether the impersonation's token still holds: a 401 says it has ended or expired. */
export async function checkImpersonation(): Promise<"active" | "gone"> {
  try {
    await callEndpoint(impersonationEndpoints.current);
    return "active";
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return "gone";
    throw error;
  }
}

/**
 * Ends the impersonation on the server: End Impersonation with its token, or the tenant's exit. A token the server
 * refuses has ended already, which is what was asked.
 */
export async function endImpersonationCall(
  request: { kind: "end" } | { kind: "exit"; tenantId: string },
): Promise<{ redirectUrl: string | null }> {
  try {
    return request.kind === "end"
      ? await callEndpoint(impersonationEndpoints.end)
      : await callEndpoint(impersonationEndpoints.exit, { body: { tenantId: request.tenantId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { redirectUrl: null };
    throw error;
  }
}
