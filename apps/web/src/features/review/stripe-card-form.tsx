import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatCents } from "@fieldops/shared/money";
import type { ReviewInvoice } from "@fieldops/shared/invoice-review";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { confirmPaymentIntent, createPaymentIntent } from "./invoice-review-api";
import { apiErrorMessage } from "../../lib/api-error";

/** The part of Stripe.js (https://js.stripe.com/v3/) this page uses. */
interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: "if_required";
  }): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
interface StripeElements {
  create(type: "payment"): { mount(element: HTMLElement): void; destroy(): void };
}
type StripeFactory = (publishableKey: string, options?: { stripeAccount?: string }) => StripeJs;

const STRIPE_JS_URL = "https://js.stripe.com/v3/";
let loading: Promise<StripeFactory> | null = null;

/** Loads Stripe.js once (the page's policy allows its origin only when Stripe is configured). */
function loadStripeJs(): Promise<StripeFactory> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.onload = () => {
      const factory = (globalThis as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe did not load"));
    };
    script.onerror = () => reject(new Error("Stripe could not be reached"));
    document.head.append(script);
  });
  return loading;
}

/**
 * Card payment through Stripe: a PaymentIntent for the balance, Stripe's own card fields (the number never reaches
 * this app), confirmed by Stripe.js, then recorded by the server after it asked Stripe. When the company takes bank
 * debits, Stripe's form offers a US bank account too; such a payment is recorded as processing.
 */
export function StripeCardForm({
  view,
  token,
  publishableKey,
  onPaid,
}: {
  view: ReviewInvoice;
  token: string;
  publishableKey: string;
  onPaid: (view: ReviewInvoice) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [ready, setReady] = useState<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let mounted: { destroy(): void } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [factory, intent] = await Promise.all([loadStripeJs(), createPaymentIntent(view.invoice.id, token, key)]);
        if (cancelled || !mountRef.current) return;
        // A direct charge on the company's own account is confirmed on that account.
        const stripe = factory(publishableKey, intent.stripeAccount ? { stripeAccount: intent.stripeAccount } : {});
        const elements = stripe.elements({ clientSecret: intent.clientSecret });
        const paymentElement = elements.create("payment");
        paymentElement.mount(mountRef.current);
        mounted = paymentElement;
        setReady({ stripe, elements });
      } catch (error) {
        if (!cancelled)
          setProblem(
            apiErrorMessage(error, error instanceof Error ? error.message : "The card form could not be loaded."),
          );
      }
    })();
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, [view.invoice.id, token, key, publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPaying(true);
    setProblem(null);
    try {
      const result = await ready.stripe.confirmPayment({ elements: ready.elements, redirect: "if_required" });
      if (result.error || !result.paymentIntent)
        throw new Error(result.error?.message ?? "The payment did not go through.");
      onPaid(await confirmPaymentIntent(view.invoice.id, token, result.paymentIntent.id));
    } catch (error) {
      setProblem(apiErrorMessage(error, error instanceof Error ? error.message : "The payment did not go through."));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form
      className="grid gap-3"
      aria-label={view.payment.bankDebits ? "Pay by card or bank account" : "Pay by card"}
      onSubmit={(event) => void submit(event)}
    >
      <div ref={mountRef} className="min-h-12" aria-busy={!ready} />
      {problem ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Payment not taken</AlertTitle>
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={!ready || paying}>
        {paying ? "Paying…" : `Pay ${formatCents(view.invoice.balanceCents)}`}
      </Button>
    </form>
  );
}
