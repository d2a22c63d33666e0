import { expect, type Browser, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import type { Database } from "@fieldops/db";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { createCompletedJob } from "../integration/billing-fixtures.ts";
import type { StripeEvent, StripeStandIn } from "../stand-ins/stripe-api.ts";
import { STRIPE_API_ORIGIN, STRIPE_JS_STAND_IN, STRIPE_JS_URL } from "../stand-ins/stripe-js.ts";
import { json, ownerApi } from "./owner-api.ts";
import type { StripeProduct } from "./stripe-product.ts";

/** What a file of Stripe end-to-end tests started in its `beforeAll`: the stand-in, the product, its database. */
export interface StripeWorld {
  stripe: StripeStandIn;
  product: StripeProduct;
  db: Database;
}

/**
 * The steps the Stripe end-to-end files share, against the world `world()` answers (read when a step runs, so that
 * a file may make them before its `beforeAll` has started anything).
 */
export function stripeCheckout(world: () => StripeWorld) {
  /** A sent invoice of the demo company's ($145.00, for a new customer), and its customer's link (as the office copies it). */
  async function sentInvoice(playwright: PlaywrightWorkerArgs["playwright"]) {
    const { product, db } = world();
    const api = await ownerApi(playwright, product.url);
    try {
      const owner = await db.user.findFirstOrThrow({ where: { email: "owner@demo.test" } });
      const { jobId } = await createCompletedJob(db, owner.companyId!, {
        lineItems: [{ service: "Hedge trimming", quantity: 1, unitPriceCents: 14500 }],
      });
      const created = await json<InvoiceDetail>(await api.post("/api/invoices", { data: { jobId } }), 201);
      const invoice = await json<InvoiceDetail>(
        await api.post(`/api/invoices/${created.id}/send`, { data: { channels: ["email"] } }),
      );
      const { url } = await json<{ url: string }>(await api.post(`/api/invoices/${invoice.id}/review-link`), 201);
      return { invoice, link: new URL(url).pathname + new URL(url).hash };
    } finally {
      await api.dispose();
    }
  }

  /** A customer's browser (never signed in) in which Stripe.js and Stripe's API are the stand-ins. */
  async function customerPage(browser: Browser): Promise<Page> {
    const { product, stripe } = world();
    const context = await browser.newContext({ baseURL: product.url });
    const page = await context.newPage();
    await page.route(STRIPE_JS_URL, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: STRIPE_JS_STAND_IN }),
    );
    await page.route(`${STRIPE_API_ORIGIN}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      const response = await route.fetch({ url: `${stripe.url}${pathname}${search}` });
      await route.fulfill({ response, headers: { ...response.headers(), "access-control-allow-origin": "*" } });
    });
    return page;
  }

  /** The PaymentIntent the customer's page made for the invoice, as Stripe shows it now. */
  function intentOf(invoiceId: string) {
    const intent = [...world().stripe.intents.values()].find((made) => made.metadata.invoice_id === invoiceId);
    if (!intent) throw new Error(`No PaymentIntent was made for ${invoiceId}`);
    const { refunded: _refunded, account: _account, ...shown } = intent;
    return structuredClone(shown);
  }

  /** Waits until the product's worker has applied the Stripe event it was sent. */
  async function eventApplied(eventId: string) {
    const { db } = world();
    await expect
      .poll(async () => (await db.stripeEvent.findUnique({ where: { id: eventId } }))?.processedAt ?? null)
      .not.toBeNull();
  }

  /**
   * Sends Stripe's event for the intent's present state (of the connected `account` when given, as Stripe sends a
   * connected account's events) and waits until the product's worker has applied it; answers the event.
   */
  async function webhookArrives(
    type: string,
    intent: ReturnType<typeof intentOf>,
    options: { account?: string | null } = {},
  ): Promise<StripeEvent> {
    const { stripe } = world();
    const event = stripe.event(type, intent, options);
    expect((await stripe.sendWebhook(event)).status).toBe(200);
    await eventApplied(event.id);
    return event;
  }

  return { sentInvoice, customerPage, intentOf, eventApplied, webhookArrives };
}
