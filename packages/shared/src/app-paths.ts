// The web app's pages that the server, the web app and e-mails name, without the schemas of their features: the
// app's first script imports this module, and a feature's module (zod schemas built when it loads) would come along.

/** Where the field app lives; any other path under it shows the field dashboard. */
export const FIELD_APP_PATH = "/app";

/** The office's inbox of conversations with customers (the spec's Messages route). */
export const MESSAGES_PATH = "/app/messages";

/** Where the callback sends the browser back to, with `provider` and `result` (and the provider's own words when it refused). */
export const INTEGRATIONS_SETTINGS_PATH = "/settings/integrations";
/** The app's page that stands in for a provider's consent screen when the provider is not configured. */
export const SIMULATED_AUTHORIZE_PATH = "/integrations/simulated-authorize";

/** The web app's page a reset e-mail links to, with the token in its `token` query parameter. */
export const RESET_PASSWORD_PATH = "/reset-password";
/** The page where a user asks for that e-mail ("Forgot password?" on sign-in). */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
