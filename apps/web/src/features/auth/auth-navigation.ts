/**
 * What the sign-in, forgot-password and reset-password pages hand each other in the router's state (never the URL,
 * which servers and browsers keep): the e-mail typed so far, and a notice for the sign-in page to show.
 */
export interface AuthNavigationState {
  email?: string;
  notice?: string;
}

const stringField = (state: unknown, key: keyof AuthNavigationState): string | undefined => {
  if (typeof state !== "object" || state === null || !(key in state)) return undefined;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
};

/** The e-mail another auth page handed over, if any. */
export const emailFromState = (state: unknown) => stringField(state, "email");

/** The notice another auth page handed over for the sign-in page (a password just reset), if any. */
export const noticeFromState = (state: unknown) => stringField(state, "notice");
