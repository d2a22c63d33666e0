import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";

/** How long one request to Twilio may take; well under the dispatcher's lease (SEND_LEASE_MS). */
const TWILIO_TIMEOUT_MS = 15_000;

const TWILIO_API = "https://api.twilio.com";

/** Twilio's error for a number that texted STOP to the sender: it refuses every text to it until START. */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

export interface TwilioAccount {
  /** The account the message is sent on (the platform's, or a company's connected one: `AC…`). */
  accountSid: string;
  authToken: string;
  /** Where Twilio's API is: https://api.twilio.com, or a stand-in in tests (TWILIO_API_BASE). */
  apiBase: string;
}

/** The environment's Twilio settings (the config schema's fields of the same names). */
export interface TwilioEnv {
  NODE_ENV?: string | undefined;
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_MESSAGING_SERVICE_SID?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_API_BASE?: string | undefined;
  PUBLIC_APP_URL?: string | undefined;
}

/** The platform's own Twilio account, when the environment has one. */
export function platformTwilioAccount(env: TwilioEnv): TwilioAccount | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    apiBase: env.TWILIO_API_BASE ?? TWILIO_API,
  };
}

export interface OutgoingText {
  to: string;
  body: string;
  /** A Messaging Service (`MG…`), or a number (E.164) the account owns. */
  sender: { messagingServiceSid: string } | { from: string };
  /** Where Twilio posts the delivery status (absolute, signed by Twilio); none when the app has no public URL. */
  statusCallback: string | null;
}

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

/** The FriendlyName the platform gives a number it buys for a company: how a purchase is found again. */
export const companyNumberName = (companyId: string) => `fieldops:${companyId}`;

/**
 * A number of the company's own on the platform's account: the one bought for it before (found by its FriendlyName,
 * so a purchase whose answer was lost is not paid twice), else the first number Twilio offers near the area code,
 * bought with its incoming-message webhook pointed at the app.
 */
export async function buyCompanyNumber(
  account: TwilioAccount,
  input: { companyId: string; areaCode: string | null; smsUrl: string },
): Promise<{ sid: string; phoneNumber: string } | null> {
  const client = twilioClient(account);
  const friendlyName = companyNumberName(input.companyId);
  const [owned] = await client.incomingPhoneNumbers.list({ friendlyName, limit: 1 });
  if (owned) return { sid: owned.sid, phoneNumber: owned.phoneNumber };
  const [offered] = await client.availablePhoneNumbers("US").local.list({
    smsEnabled: true,
    ...(input.areaCode ? { areaCode: Number(input.areaCode) } : {}),
    limit: 1,
  });
  if (!offered) return null;
  const bought = await client.incomingPhoneNumbers.create({
    phoneNumber: offered.phoneNumber,
    friendlyName,
    smsUrl: input.smsUrl,
    smsMethod: "POST",
  });
  return { sid: bought.sid, phoneNumber: bought.phoneNumber };
}

/** Gives a bought number back to Twilio; one already gone (404) is as good as given back. */
export async function releaseCompanyNumber(account: TwilioAccount, sid: string): Promise<void> {
  try {
    await twilioClient(account).incomingPhoneNumbers(sid).remove();
  } catch (error) {
    if (isRestException(error) && error.status === 404) return;
    throw error;
  }
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
