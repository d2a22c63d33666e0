import { isIP } from "node:net";
import { join } from "node:path";
import { z } from "zod";

function isAddressOrCidr(entry: string): boolean {
  const [address = "", bits, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** Where uploaded photos and signatures are kept: the data folder, or an S3-compatible bucket when S3_BUCKET is set. */
const fileStorageShape = {
  /**
   * The product's data folder (`npm start` sets it: `.data` by default): uploaded photos and signatures are kept in its
   * `files` folder unless S3_BUCKET is set. Unset, `.data` of the working directory.
   */
  FIELDOPS_DATA_DIR: z.string().min(1).optional(),
  /** An S3-compatible bucket that keeps uploaded photos and signatures instead of the data folder. */
  S3_BUCKET: z.string().min(1).optional(),
  /** Another S3-compatible service's URL (MinIO, Cloudflare R2…); AWS S3's endpoint for the region when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The bucket's region (`auto` for R2). */
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** The access key S3 requests are signed with (SigV4); required with S3_BUCKET. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses the bucket in the path (`<endpoint>/<bucket>/<key>`) rather than the host name, as MinIO needs. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
};
type FileStorageEnv = z.output<z.ZodObject<typeof fileStorageShape>>;

/** S3 settings that do not make a bucket to use are refused at start, each naming its variable. */
function checkFileStorage(env: FileStorageEnv, ctx: z.RefinementCtx) {
  const s3Only = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  if (!env.S3_BUCKET) {
    for (const name of s3Only)
      if (env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is set without S3_BUCKET" });
    return;
  }
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
    if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
}

const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The restricted runtime role (not the owner of the schema): see docs/configuration.md. */
  DATABASE_URL: z.string().url(),
  /** Signs tenant and system contexts; `npm start` reads it from the database with the owner role. */
  DATABASE_CONTEXT_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal digits"),
  REDIS_URL: z.string().url(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * An OTLP/HTTP collector's base URL (e.g. `http://127.0.0.1:4318`): the API and the worker send their spans to
   * `<url>/v1/traces`. Unset, tracing is off and its SDK is not loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** How spans are encoded: binary protobuf (the SDK's default) or JSON. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).default("http/protobuf"),
  /** The service name of the spans; fieldops-api and fieldops-worker by default. */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The DNS servers (host or host:port, comma-separated) that custom domains' TXT records are looked up on; the
   * system's resolvers when unset.
   */
  CUSTOM_DOMAIN_DNS_SERVERS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((server) => server.trim())
        .filter(Boolean),
    ),
  /** Set when a reverse proxy in front sets X-Forwarded-For; otherwise a client could pick its own address. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** With a key, a model answers the chat (the `ai` package, OpenAI-compatible chat completions); else the offline planner. */
  OPENAI_API_KEY: z.string().optional(),
  /** An OpenAI-compatible API's base URL, e.g. `http://127.0.0.1:8080/v1`; OpenAI's by default. */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** The chat model's name; gpt-4o-mini by default. */
  OPENAI_MODEL: z.string().optional(),
  /**
   * A self-hosted Nominatim or Photon server that turns addresses into places (`GEOCODER_API` says which). Without it,
   * addresses get the centre of their ZIP code from a table shipped with the product, marked approximate.
   */
  GEOCODER_URL: z.string().url().optional(),
  GEOCODER_API: z.enum(["nominatim", "photon"]).default("nominatim"),
  /** An OSRM server for road travel times (route optimization); straight-line estimates without it. */
  OSRM_URL: z.string().url().optional(),
  /**
   * A map tile server (an XYZ template such as https://tiles.example.com/{z}/{x}/{y}.png): route proposals are drawn
   * on a map when it is set. Its origin is added to the page's allowed image sources.
   */
  MAP_TILE_URL: z
    .string()
    .url()
    .refine(
      (url) => /^https?:\/\//.test(url) && ["{z}", "{x}", "{y}"].every((part) => url.includes(part)),
      "must be an http(s) URL with {z}, {x} and {y}",
    )
    .optional(),
  /** The attribution the tile server's licence asks for, shown on the map. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(""),
  /**
   * The public origin of the app (e.g. `https://app.example.com`): OAuth redirect URIs are built on it. Unset, they
   * are built on the origin the browser used, which is right unless a proxy rewrites the host.
   */
  PUBLIC_APP_URL: z.string().url().optional(),
  /**
   * 64 hexadecimal digits (32 bytes): the AES-256-GCM key of the integrations' stored tokens. Unset, a fixed
   * development key that is in the source is used, and the API warns at start (except in tests).
   */
  INTEGRATIONS_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal digits")
    .optional(),
  /**
   * Lets webhooks go to private, loopback and link-local addresses (local development, tests). Off by default: a
   * tenant's URL must resolve to public addresses only (`security/outgoing-url.ts`).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** QuickBooks Online (Intuit OAuth 2.0). Without a client id and secret, connecting QuickBooks is simulated. */
  QUICKBOOKS_CLIENT_ID: z.string().min(1).optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
  QUICKBOOKS_AUTHORIZE_URL: z.string().url().default("https://appcenter.intuit.com/connect/oauth2"),
  QUICKBOOKS_TOKEN_URL: z.string().url().default("https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer"),
  /** Intuit's token revocation endpoint (RFC 7009): disconnecting QuickBooks revokes the stored refresh token there. */
  QUICKBOOKS_REVOKE_URL: z.string().url().default("https://developer.api.intuit.com/v2/oauth2/tokens/revoke"),
  /** The QuickBooks Online Accounting API (its sandbox is https://sandbox-quickbooks.api.intuit.com). */
  QUICKBOOKS_API_BASE: z.string().url().default("https://quickbooks.api.intuit.com"),
  /** Stripe Connect OAuth: the platform's `ca_…` client id and its secret key. */
  STRIPE_CLIENT_ID: z.string().min(1).optional(),
  STRIPE_CLIENT_SECRET: z.string().min(1).optional(),
  STRIPE_AUTHORIZE_URL: z.string().url().default("https://connect.stripe.com/oauth/authorize"),
  STRIPE_TOKEN_URL: z.string().url().default("https://connect.stripe.com/oauth/token"),
  /** Stripe Connect's deauthorization endpoint: disconnecting Stripe ends the platform's access to the account there. */
  STRIPE_DEAUTHORIZE_URL: z.string().url().default("https://connect.stripe.com/oauth/deauthorize"),
  /**
   * Card payments through Stripe's PaymentIntents API with the platform's secret key (`sk_…`); unset, the built-in
   * test provider takes card payments (and the app says so). STRIPE_API_BASE points at a stand-in in tests.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().default("https://api.stripe.com"),
  /**
   * The signing secret (`whsec_…`) of the webhook endpoint POST /api/webhooks/stripe, registered in Stripe's dashboard
   * for the platform's account and its connected accounts; unset, that endpoint refuses every event.
   */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The signing secret of the Connect webhook endpoint (Stripe's "Events on connected accounts"), when the connected
   * accounts' events come through an endpoint of their own, as Stripe registers them: each endpoint has its own secret.
   * Both endpoints may point at POST /api/webhooks/stripe; an event signed with either secret is taken.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Twilio Connect: the Connect App's `CN…` sid and the platform account's auth token. Twilio answers the authorize
   * page with the customer's AccountSid (no code to exchange); the authorize URL is `…/authorize/<sid>`.
   */
  TWILIO_CONNECT_APP_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_AUTHORIZE_URL: z.string().url().default("https://www.twilio.com/authorize"),
  /**
   * The platform's own Twilio account, which sends the texts of companies that have not connected theirs: its `AC…`
   * sid (with TWILIO_AUTH_TOKEN) and what it sends from, a Messaging Service (`MG…`, preferred) or a number
   * (TWILIO_FROM, E.164). Unset (and no connected account), texts go to the local text catcher (Settings → Outbox). The
   * auth token also checks the signature of Twilio's status callbacks. TWILIO_API_BASE points the SDK at a stand-in in
   * tests.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w+$/, "TWILIO_ACCOUNT_SID starts with AC")
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG\w+$/, "TWILIO_MESSAGING_SERVICE_SID starts with MG")
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, "TWILIO_FROM is a number in E.164 (+15555550100)")
    .optional(),
  TWILIO_API_BASE: z.string().url().default("https://api.twilio.com"),
  /**
   * The mail server e-mails are sent through (`smtp://user:pass@host:587`, `smtps://…:465`). Unset, `npm start` runs a
   * local mail catcher and sends to it; a production worker refuses to start without it.
   */
  SMTP_URL: z.string().url().optional(),
  /** The sender of every e-mail (`FieldOps <no-reply@example.com>`); replies go to the company's own e-mail. */
  MAIL_FROM: z.string().min(3).default("FieldOps <no-reply@fieldops.localhost>"),
  /**
   * The domain replies to the company's e-mails are addressed at (`reply+<company>.<token>@<domain>`): an inbound mail
   * provider's, which posts what it receives to `POST /api/webhooks/email/inbound`. Unset, the local mail catcher's
   * (MAIL_FROM's domain) when it runs, else the company's own e-mail takes the replies and no thread gets them.
   */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^[a-z0-9-]+\.localhost$/i, "must be a domain name")
    .optional(),
  /** The shared secret of the inbound e-mail webhook's HMAC-SHA256 signature (`X-FieldOps-Signature`). */
  INBOUND_EMAIL_SECRET: z.string().min(16).optional(),
  /** Set by `npm start` when it runs the local mail catcher: the worker listens for SMTP on this port. */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ...fileStorageShape,
  /**
   * Adds a Server-Timing header to every API answer: the server time and the number of SQL statements it took. For
   * measuring (npm run bench); off by default, as it tells any caller how its request was served.
   */
  FIELDOPS_REQUEST_METRICS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /**
   * Who may read GET /metrics without METRICS_TOKEN: comma-separated addresses or CIDR blocks (IPv4 or IPv6), seen
   * as the client's address (behind a proxy with TRUST_PROXY, the forwarded one). Loopback only by default.
   */
  METRICS_ALLOW_FROM: z
    .string()
    .default("127.0.0.1/8,::1/128")
    .transform((list, ctx) => {
      const blocks = list
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const block of blocks)
        if (!isAddressOrCidr(block))
          ctx.addIssue({ code: "custom", message: `not an address or CIDR block: ${block}` });
      return blocks;
    }),
  /** A bearer token (at least 24 characters) that reads GET /metrics from any address (`Authorization: Bearer …`). */
  METRICS_TOKEN: z.string().min(24).optional(),
  /**
   * Tests only: `POST /api/automations/test-clock` fires a company's automation runs due within the minutes it is
   * given, as if the clock had moved on. Refused in production.
   */
  AUTOMATION_TEST_CLOCK: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});
/** Every environment variable the product reads; docs/configuration.md explains each, .env.example lists them. */
export const envSchema = envFields.superRefine(checkFileStorage).superRefine((env, ctx) => {
  if (env.AUTOMATION_TEST_CLOCK && env.NODE_ENV === "production")
    ctx.addIssue({
      code: "custom",
      path: ["AUTOMATION_TEST_CLOCK"],
      message: "is for tests and refused in production",
    });
});
export type Env = z.infer<typeof envSchema>;

function parse<Schema extends z.ZodType>(schema: Schema, source: NodeJS.ProcessEnv): z.output<Schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parse(envSchema, source);
}

export interface S3StorageSettings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export type FileStorageSettings = { kind: "disk"; folder: string } | ({ kind: "s3" } & S3StorageSettings);

/** Where uploaded files go, from a checked environment (S3_BUCKET comes with its keys). */
export function fileStorageSettings(env: FileStorageEnv): FileStorageSettings {
  if (!env.S3_BUCKET) return { kind: "disk", folder: join(env.FIELDOPS_DATA_DIR ?? ".data", "files") };
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
  };
}

/** The file storage's settings alone, for `npm start`, which reports the storage before the API starts. */
export function readFileStorageSettings(source: NodeJS.ProcessEnv): FileStorageSettings {
  return fileStorageSettings(parse(z.object(fileStorageShape).superRefine(checkFileStorage), source));
}

/** The storage in a line for the logs: never a key, and the endpoint without any user info in its URL. */
export function describeFileStorage(settings: FileStorageSettings): string {
  if (settings.kind === "disk") return `photos and signatures are kept in ${settings.folder}`;
  const where = settings.endpoint ? new URL(settings.endpoint).origin : `AWS S3 (${settings.region})`;
  return `photos and signatures go to the S3 bucket ${settings.bucket} at ${where}`;
}

/**
 * Why a worker may not start its e-mail dispatcher, or null. Production needs a real mail server: without SMTP_URL
 * every invoice and invitation would wait in the outbox while the screens say it was sent.
 */
export function mailConfigurationProblem(env: Pick<Env, "NODE_ENV" | "SMTP_URL">): string | null {
  if (env.NODE_ENV === "production" && !env.SMTP_URL)
    return (
      "SMTP_URL is not set: in production the worker sends e-mail (invoices, estimates, reminders, invitations) " +
      "through a mail server and will not start without one. Set SMTP_URL (e.g. smtp://user:password@smtp.example.com:587) " +
      "and MAIL_FROM (see docs/configuration.md)."
    );
  return null;
}
