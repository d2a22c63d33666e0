import { authEndpoints } from "@fieldops/shared/auth";
import { callEndpoint } from "./endpoints";

/**
 * Set by a logout the server could not confirm, removed by the next sign-in. The session cookie is httpOnly, so
 * when POST /api/logout fails (an error status, or no answer) the browser still holds a live session that the
 * page cannot delete. While this marker is set the app treats the visitor as signed out whatever the cookie says,
 * and each time it asks who is signed in it sends the logout again instead, until the server confirms it.
 */
export const SIGNED_OUT_STORAGE_KEY = "signed_out";

export function isSignedOutOnThisDevice(): boolean {
  try {
    return localStorage.getItem(SIGNED_OUT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function markSignedOut(): void {
  localStorage.setItem(SIGNED_OUT_STORAGE_KEY, "1");
}

export function clearSignedOutMark(): void {
  localStorage.removeItem(SIGNED_OUT_STORAGE_KEY);
}

/**
 * Why this tab was signed out, when the server said (the company was suspended): the sign-in screen shows it until
 * the next sign-in. Kept for the tab only.
 */
const SIGN_OUT_REASON_STORAGE_KEY = "sign_out_reason";

export function rememberSignOutReason(reason: string): void {
  sessionStorage.setItem(SIGN_OUT_REASON_STORAGE_KEY, reason);
}

export function signOutReason(): string | null {
  try {
    return sessionStorage.getItem(SIGN_OUT_REASON_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetSignOutReason(): void {
  sessionStorage.removeItem(SIGN_OUT_REASON_STORAGE_KEY);
}

/** POST /api/logout. True when the server confirmed that the session (if any) has ended and its cookie is gone. */
export async function endServerSession(): Promise<boolean> {
  try {
    await callEndpoint(authEndpoints.logout);
    return true;
  } catch {
    return false;
  }
}

/** Retries a logout the server has not confirmed yet; the marker stays until it does. */
export async function finishPendingLogout(): Promise<void> {
  if (await endServerSession()) clearSignedOutMark();
}
