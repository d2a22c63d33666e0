import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import twilio from "twilio";
import { E2E_TWILIO_AUTH_TOKEN, E2E_TWILIO_NUMBER } from "./e2e-servers.ts";

/** Twilio posts a customer's text to the company's number, signed with the auth token over the URL and every field. */
export async function postText(client: APIRequestContext, baseURL: string, from: string, body: string): Promise<void> {
  const url = `${baseURL}/api/webhooks/twilio/inbound`;
  const form = {
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    AccountSid: `AC${randomBytes(16).toString("hex")}`,
    From: from,
    To: E2E_TWILIO_NUMBER,
    Body: body,
    NumMedia: "0",
  };
  const posted = await client.post(url, {
    headers: { "x-twilio-signature": twilio.getExpectedTwilioSignature(E2E_TWILIO_AUTH_TOKEN, url, form) },
    form,
  });
  expect(posted.status(), await posted.text()).toBe(200);
}
