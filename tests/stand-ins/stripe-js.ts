/**
 * A stand-in for the part of Stripe.js (https://js.stripe.com/v3/) the customer's invoice page uses
 * (`apps/web/src/features/review/stripe-card-form.tsx`): `Stripe(publishableKey, { stripeAccount })`,
 * `elements({ clientSecret })`, `create("payment")`, `mount`, `destroy` and `confirmPayment({ elements, redirect })`.
 * An end-to-end test serves it in place of Stripe's script (`page.route`). Like Stripe.js it talks to
 * https://api.stripe.com from the page with the publishable key and the intent's client secret (form-encoded, so
 * the browser sends no preflight), which the test routes to the Stripe API stand-in (`tests/stand-ins/stripe-api.ts`):
 * it reads the intent to offer the methods it allows (a card, and a US bank account when allowed), and confirms it
 * with the stand-in's test payment methods: card 4242 4242 4242 4242 succeeds (pm_card_visa), 4000 0000 0000 0002 is
 * declined (pm_card_chargeDeclined), a bank account is processing (pm_usBankAccount). Its fields are plain inputs in
 * the mount point rather than Stripe's frames.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

/** The origin Stripe.js calls; a test routes it to the API stand-in. */
export const STRIPE_API_ORIGIN = "https://api.stripe.com";

export const STRIPE_JS_STAND_IN = `(() => {
  const API = ${JSON.stringify(STRIPE_API_ORIGIN)};
  const TEST_CARDS = { "4242424242424242": "pm_card_visa", "4000000000000002": "pm_card_chargeDeclined" };
  const METHOD_NAMES = { card: "Card", us_bank_account: "US bank account" };
  window.Stripe = function Stripe(publishableKey, options) {
    const account = (options && options.stripeAccount) || null;
    const auth = (clientSecret) => {
      const form = new URLSearchParams({ key: publishableKey, client_secret: clientSecret });
      if (account) form.set("_stripe_account", account);
      return form;
    };
    const intentId = (clientSecret) => clientSecret.split("_secret_")[0];
    return {
      elements({ clientSecret }) {
        const state = { clientSecret, method: "card", cardInput: null };
        return {
          state,
          create(type) {
            if (type !== "payment") throw new Error("The Stripe.js stand-in makes the payment element only");
            let root = null;
            return {
              mount(target) {
                root = document.createElement("div");
                root.setAttribute("data-stripe-stand-in", "payment-element");
                target.append(root);
                void fetch(API + "/v1/payment_intents/" + intentId(clientSecret) + "?" + auth(clientSecret))
                  .then((response) => response.json())
                  .then((intent) => {
                    if (!root) return;
                    const types = intent.payment_method_types || ["card"];
                    const choices = document.createElement("fieldset");
                    const legend = document.createElement("legend");
                    legend.textContent = "Payment method";
                    choices.append(legend);
                    for (const method of types) {
                      const label = document.createElement("label");
                      const radio = document.createElement("input");
                      radio.type = "radio";
                      radio.name = "stripe-stand-in-method";
                      radio.value = method;
                      radio.checked = method === state.method;
                      radio.addEventListener("change", () => (state.method = method));
                      label.append(radio, " " + (METHOD_NAMES[method] || method));
                      choices.append(label);
                    }
                    const cardLabel = document.createElement("label");
                    cardLabel.textContent = "Card number ";
                    const cardInput = document.createElement("input");
                    cardInput.inputMode = "numeric";
                    cardInput.autocomplete = "cc-number";
                    cardLabel.append(cardInput);
                    state.cardInput = cardInput;
                    root.append(choices, cardLabel);
                  });
              },
              destroy() {
                root?.remove();
                root = null;
              },
            };
          },
        };
      },
      async confirmPayment({ elements }) {
        const { clientSecret, method, cardInput } = elements.state;
        let paymentMethod = "pm_usBankAccount";
        if (method === "card") {
          paymentMethod = TEST_CARDS[(cardInput ? cardInput.value : "").replace(/\\D/g, "")];
          if (!paymentMethod)
            return { error: { type: "validation_error", message: "Your card number is invalid." } };
        }
        const form = auth(clientSecret);
        form.set("payment_method", paymentMethod);
        const response = await fetch(API + "/v1/payment_intents/" + intentId(clientSecret) + "/confirm", {
          method: "POST",
          body: form,
        });
        const body = await response.json();
        if (!response.ok) return { error: body.error };
        return { paymentIntent: body };
      },
    };
  };
})();
`;
