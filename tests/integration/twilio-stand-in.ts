import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

/** A text as the stand-in received it: the form Twilio's Messages API takes, and the account it was sent on. */
export interface ReceivedText {
  accountSid: string;
  /** The Basic credentials' user and password as sent (the test checks them; nothing else keeps them). */
  username: string;
  password: string;
  to: string;
  body: string;
  from: string | null;
  messagingServiceSid: string | null;
  statusCallback: string | null;
  sid: string;
}

/** One refusal the stand-in answers with instead of taking the text, in Twilio's error shape. */
export interface TwilioRefusal {
  status: number;
  code: number;
  message: string;
}

export const UNSUBSCRIBED: TwilioRefusal = {
  status: 400,
  code: 21610,
  message: "Attempt to send to unsubscribed recipient",
};
export const TOO_MANY_REQUESTS: TwilioRefusal = { status: 429, code: 20429, message: "Too Many Requests" };
export const SERVICE_UNAVAILABLE: TwilioRefusal = { status: 503, code: 20503, message: "Service Unavailable" };

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/**
 * Posts a form to one of the app's Twilio webhooks as Twilio does: form-encoded, with X-Twilio-Signature computed with
 * the auth token over the URL Twilio was given (`signedUrl`: the public one, behind a proxy) and every parameter.
 */
export async function postAsTwilio(
  appUrl: string,
  path: string,
  params: Record<string, string>,
  /** `signature`: sent as is instead of the right one (a forgery). */
  options: { authToken: string; signedUrl?: string; headers?: Record<string, string>; signature?: string },
) {
  const signature =
    options.signature ??
    twilio.getExpectedTwilioSignature(options.authToken, options.signedUrl ?? `${appUrl}${path}`, params);
  const response = await fetch(`${appUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature,
      ...options.headers,
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** A message as Twilio's API answers it (the resource of `POST` and of the list). */
function messageResource(text: ReceivedText) {
  const created = new Date().toUTCString();
  return {
    account_sid: text.accountSid,
    api_version: "2010-04-01",
    body: text.body,
    date_created: created,
    date_sent: null,
    date_updated: created,
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: text.from,
    messaging_service_sid: text.messagingServiceSid,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: text.sid,
    status: text.messagingServiceSid ? "accepted" : "queued",
    subresource_uris: { media: `/2010-04-01/Accounts/${text.accountSid}/Messages/${text.sid}/Media.json` },
    to: text.to,
    uri: `/2010-04-01/Accounts/${text.accountSid}/Messages/${text.sid}.json`,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A local stand-in of Twilio's REST API, speaking its real JSON: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * (form-encoded; 201 with the message resource, or Twilio's error body `{ code, message, more_info, status }`) and
 * `GET …/IncomingPhoneNumbers.json` (a connected account's numbers), `GET …/Messages.json` (the texts it took, newest
 * first, by `To`: how a test in another process sees them). `refuse` lists the answers to give the next
 * requests instead of taking them.
 */
export async function startTwilioStandIn(options: { numbers?: Record<string, string[]>; port?: number } = {}) {
  const received: ReceivedText[] = [];
  const refuse: TwilioRefusal[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    void (async () => {
      requests++;
      const url = new URL(request.url ?? "/", "http://stand-in");
      const auth = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
      const [username = "", password = ""] = auth.split(":");
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const numbers = /^\/2010-04-01\/Accounts\/(AC\w+)\/IncomingPhoneNumbers\.json$/.exec(url.pathname);
      if (request.method === "GET" && numbers) {
        const list = options.numbers?.[numbers[1]!] ?? [];
        return send(200, {
          incoming_phone_numbers: list.map((number) => ({
            sid: sid("PN"),
            account_sid: numbers[1],
            phone_number: number,
            friendly_name: number,
            capabilities: { voice: true, sms: true, mms: true, fax: false },
          })),
          uri: url.pathname,
          first_page_uri: `${url.pathname}?PageSize=20&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: 20,
          start: 0,
          end: Math.max(0, list.length - 1),
        });
      }
      const messages = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(url.pathname);
      if (request.method === "GET" && messages) {
        // Twilio's message list, newest first, filtered by To as Twilio's `To` parameter does.
        const to = url.searchParams.get("To");
        const list = received
          .filter((text) => text.accountSid === messages[1] && (!to || text.to === to))
          .reverse()
          .map(messageResource);
        return send(200, {
          messages: list,
          uri: url.pathname,
          first_page_uri: `${url.pathname}?PageSize=50&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: 50,
          start: 0,
          end: Math.max(0, list.length - 1),
        });
      }
      if (request.method !== "POST" || !messages) {
        return send(404, {
          code: 20404,
          message: "The requested resource was not found",
          more_info: "https://www.twilio.com/docs/errors/20404",
          status: 404,
        });
      }
      const form = new URLSearchParams(await readBody(request));
      const refusal = refuse.shift();
      if (refusal) {
        return send(refusal.status, {
          code: refusal.code,
          message: refusal.message,
          more_info: `https://www.twilio.com/docs/errors/${refusal.code}`,
          status: refusal.status,
        });
      }
      const text: ReceivedText = {
        accountSid: messages[1]!,
        username,
        password,
        to: form.get("To") ?? "",
        body: form.get("Body") ?? "",
        from: form.get("From"),
        messagingServiceSid: form.get("MessagingServiceSid"),
        statusCallback: form.get("StatusCallback"),
        sid: sid("SM"),
      };
      received.push(text);
      send(201, messageResource(text));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refuse,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
