/** The environment the payment provider is chosen by: Stripe with a secret key, else the built-in test provider. */
export interface PaymentsEnv {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_API_BASE: string;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string | undefined;
}

export type CardProviderName = "test" | "stripe";

export function cardProviderName(env: PaymentsEnv): CardProviderName {
  return env.STRIPE_SECRET_KEY ? "stripe" : "test";
}
