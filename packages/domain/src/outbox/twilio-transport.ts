import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";

/** How long one request to Twilio may take; well under the dispatcher's lease (SEND_LEASE_MS). */
const TWILIO_TIMEOUT_MS = 15_000;

/** Twilio's error for a number that texted STOP to the sender: it refuses every text to it until START. */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

export interface TwilioAccount {
  /** The account the message is sent on (the platform's, or a company's connected one: `AC…`). */
  accountSid: string;
  authToken: string;
  /** Where Twilio's API is: https://api.twilio.com, or a stand-in in tests (TWILIO_API_BASE). */
  apiBase: string;
}

export interface OutgoingText {
  to: string;
  body: string;
  /** A Messaging Service (`MG…`), or a number (E.164) the account owns. */
  sender: { messagingServiceSid: string } | { from: string };
  /** Where Twilio posts the delivery status (absolute, signed by Twilio); none when the app has no public URL. */
  statusCallback: string | null;
}

const TWILIO_API = "https://api.twilio.com";

/**
 * The SDK's HTTP client with the API's origin replaced by `apiBase` (the SDK has no option for the host of its API: a
 * custom `httpClient` is its way to reach a proxy or a stand-in). Everything else — authentication, form encoding,
 * Twilio's errors as RestException — is the SDK's own.
 */
class ApiBaseRequestClient extends twilio.RequestClient {
  private readonly apiBase: string;

  constructor(apiBase: string) {
    super({ timeout: TWILIO_TIMEOUT_MS });
    this.apiBase = apiBase;
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? this.apiBase.replace(/\/+$/, "") + opts.uri.slice(TWILIO_API.length)
      : opts.uri;
    return super.request({ ...opts, uri });
  }
}

export function twilioClient(account: TwilioAccount) {
  const standIn = account.apiBase.replace(/\/+$/, "") !== TWILIO_API;
  return twilio(account.accountSid, account.authToken, {
    accountSid: account.accountSid,
    ...(standIn ? { httpClient: new ApiBaseRequestClient(account.apiBase) } : { timeout: TWILIO_TIMEOUT_MS }),
  });
}

/** Sends one text; answers Twilio's SID for it (`SM…`) and its status then (queued, accepted). */
export async function sendText(account: TwilioAccount, text: OutgoingText): Promise<{ sid: string; status: string }> {
  const message = await twilioClient(account).messages.create({
    to: text.to,
    body: text.body,
    ...text.sender,
    ...(text.statusCallback ? { statusCallback: text.statusCallback } : {}),
  });
  return { sid: message.sid, status: message.status };
}

/**
 * The number a connected account texts from: the company's texting number when the account has it (so replies come
 * back to it), else the account's first number that can send texts.
 */
export async function connectedAccountNumber(
  account: TwilioAccount,
  preferred: string | null = null,
): Promise<string | null> {
  const numbers = (await twilioClient(account).incomingPhoneNumbers.list({ limit: 50 })).filter(
    (number) => number.capabilities?.sms !== false,
  );
  return (numbers.find((number) => number.phoneNumber === preferred) ?? numbers[0])?.phoneNumber ?? null;
}

type TwilioFailure =
  { kind: "transient"; code: number | null; words: string } | { kind: "permanent"; code: number | null; words: string };

function isRestException(error: unknown): error is { status: number; code?: number; message: string } {
  return (
    error instanceof twilio.RestException ||
    (typeof error === "object" && error !== null && "status" in error && "moreInfo" in error)
  );
}

/**
 * What a failed request to Twilio means: too many requests (429), Twilio's own trouble (5xx) or no answer at all
 * are tried again; any other refusal (an invalid or unsubscribed number, a bad sender) is final. The words are
 * Twilio's code and message, or the network's error code: never a credential or the request's URL.
 */
export function describeTwilioFailure(error: unknown): TwilioFailure {
  if (isRestException(error)) {
    const code = typeof error.code === "number" ? error.code : null;
    const words = `Twilio refused it: ${error.status}${code ? ` (error ${code})` : ""} ${error.message}`.slice(0, 500);
    const transient = error.status === 429 || error.status >= 500;
    return { kind: transient ? "transient" : "permanent", code, words };
  }
  const networkCode =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
      ? error.code
      : null;
  return {
    kind: "transient",
    code: null,
    words: `Twilio could not be reached${networkCode && /^[A-Z_]+$/.test(networkCode) ? ` (${networkCode})` : ""}`,
  };
}
