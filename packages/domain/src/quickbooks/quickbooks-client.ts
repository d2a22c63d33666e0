/**
 * A typed client of the QuickBooks Online Accounting API (v3), the calls the sync makes: create and sparse-update a
 * customer, invoice, payment or refund receipt (each with a `requestid`, which QuickBooks answers a repeated request
 * with the first answer to), void an invoice or a payment, read one, query, and change data capture. Tokens come from the caller: `accessToken` gives
 * the current one, and a 401 asks `refreshAccessToken` once for a new one before giving up with "reconnect".
 */
export type QuickBooksEntity = "Customer" | "Invoice" | "Payment" | "RefundReceipt" | "Item" | "TaxCode";

/** A record as QuickBooks answers it: its id, its SyncToken (the version an update must name), and its fields. */
export interface QuickBooksRecord {
  Id: string;
  SyncToken: string;
  MetaData?: { CreateTime?: string; LastUpdatedTime?: string };
  [field: string]: unknown;
}

export type QuickBooksErrorKind =
  /** 5010: the record changed in QuickBooks since its SyncToken was read. */
  | "stale"
  /** 6240: another customer, vendor or employee has the DisplayName. */
  | "duplicate_name"
  /** 429: too many requests; try again later. */
  | "throttled"
  /** 401 after a refresh, or a refresh refused: the company must connect QuickBooks again. */
  | "reconnect"
  /** 5xx or no answer: try again later. */
  | "unavailable"
  /** Anything else QuickBooks refused (a validation fault): trying again changes nothing. */
  | "refused";

export class QuickBooksError extends Error {
  constructor(
    readonly kind: QuickBooksErrorKind,
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "QuickBooksError";
  }

  /** Whether trying the same push again later may succeed. */
  get transient(): boolean {
    return this.kind === "throttled" || this.kind === "unavailable";
  }
}

export interface QuickBooksClientOptions {
  baseUrl: string;
  realmId: string;
  accessToken: () => Promise<string>;
  /** Gets a new access token (the refresh grant); null when the refresh was refused. */
  refreshAccessToken: () => Promise<string | null>;
  minorVersion?: number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface QuickBooksClient {
  realmId: string;
  create(entity: QuickBooksEntity, body: Record<string, unknown>, requestId: string): Promise<QuickBooksRecord>;
  /** A sparse update: only the fields given change; `Id` and the current `SyncToken` are required. */
  update(
    entity: QuickBooksEntity,
    body: Record<string, unknown> & { Id: string; SyncToken: string },
    requestId: string,
  ): Promise<QuickBooksRecord>;
  /**
   * Voids an invoice (`?operation=void`) or a payment (a sparse update `?operation=update&include=void`): QuickBooks
   * keeps it, its amounts zero. `Id` and the current `SyncToken` are required.
   */
  void(
    entity: "Invoice" | "Payment",
    target: { Id: string; SyncToken: string },
    requestId: string,
  ): Promise<QuickBooksRecord>;
  read(entity: QuickBooksEntity, id: string): Promise<QuickBooksRecord>;
  query(statement: string): Promise<QuickBooksRecord[]>;
  /** Records of the entities changed since the time (QuickBooks keeps 30 days). */
  changedSince(
    entities: QuickBooksEntity[],
    since: Date,
  ): Promise<Partial<Record<QuickBooksEntity, QuickBooksRecord[]>>>;
}

/** A value inside a query's quotes: QuickBooks escapes a quote with a backslash. */
export const queryValue = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

interface FaultBody {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string }[]; type?: string };
  fault?: { error?: { message?: string; detail?: string; code?: string }[]; type?: string };
}

function errorOf(status: number, body: unknown): QuickBooksError {
  const faultBody = (body ?? {}) as FaultBody;
  const first = faultBody.Fault?.Error?.[0];
  const lower = faultBody.fault?.error?.[0];
  const code = first?.code ?? lower?.code ?? null;
  const message = first?.Message ?? lower?.message ?? `QuickBooks answered ${status}`;
  const detail = first?.Detail ?? lower?.detail;
  const text = detail && detail !== message ? `${message}: ${detail}` : message;
  if (status === 429 || /ThrottleExceeded/i.test(message)) return new QuickBooksError("throttled", text, status, code);
  if (status === 401) return new QuickBooksError("reconnect", text, status, code);
  if (code === "5010") return new QuickBooksError("stale", text, status, code);
  if (code === "6240") return new QuickBooksError("duplicate_name", text, status, code);
  if (status >= 500) return new QuickBooksError("unavailable", text, status, code);
  return new QuickBooksError("refused", text, status, code);
}

const RECONNECT_MESSAGE = "QuickBooks refused our access: reconnect QuickBooks in Settings → Integrations";

export function createQuickBooksClient(options: QuickBooksClientOptions): QuickBooksClient {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/v3/company/${encodeURIComponent(options.realmId)}`;
  const minorVersion = String(options.minorVersion ?? 75);
  const doFetch = options.fetch ?? fetch;

  async function send(method: "GET" | "POST", path: string, params: Record<string, string>, body?: unknown) {
    const url = new URL(`${base}/${path}`);
    for (const [name, value] of Object.entries({ ...params, minorversion: minorVersion }))
      url.searchParams.set(name, value);
    let token = await options.accessToken();
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new QuickBooksError(
          "unavailable",
          `QuickBooks did not answer: ${error instanceof Error ? error.message : String(error)}`,
          null,
          null,
        );
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (response.status === 401 && attempt === 0) {
        const fresh = await options.refreshAccessToken();
        if (!fresh) throw new QuickBooksError("reconnect", RECONNECT_MESSAGE, 401, null);
        token = fresh;
        continue;
      }
      if (response.status === 401) throw new QuickBooksError("reconnect", RECONNECT_MESSAGE, 401, null);
      if (!response.ok) throw errorOf(response.status, parsed);
      if (parsed === null || typeof parsed !== "object")
        throw new QuickBooksError(
          "unavailable",
          "QuickBooks answered something other than JSON",
          response.status,
          null,
        );
      return parsed as Record<string, unknown>;
    }
  }

  const pathOf = (entity: QuickBooksEntity) => entity.toLowerCase();
  const recordOf = (entity: QuickBooksEntity, answer: Record<string, unknown>): QuickBooksRecord => {
    const record = answer[entity] as QuickBooksRecord | undefined;
    if (!record?.Id) throw new QuickBooksError("unavailable", `QuickBooks answered without the ${entity}`, 200, null);
    return record;
  };

  return {
    realmId: options.realmId,
    async create(entity, body, requestId) {
      return recordOf(entity, await send("POST", pathOf(entity), { requestid: requestId }, body));
    },
    async update(entity, body, requestId) {
      return recordOf(entity, await send("POST", pathOf(entity), { requestid: requestId }, { ...body, sparse: true }));
    },
    async void(entity, target, requestId) {
      const answer =
        entity === "Invoice"
          ? await send("POST", "invoice", { operation: "void", requestid: requestId }, target)
          : await send(
              "POST",
              "payment",
              { operation: "update", include: "void", requestid: requestId },
              { ...target, sparse: true },
            );
      return recordOf(entity, answer);
    },
    async read(entity, id) {
      return recordOf(entity, await send("GET", `${pathOf(entity)}/${encodeURIComponent(id)}`, {}));
    },
    async query(statement) {
      const answer = await send("GET", "query", { query: statement });
      const found = (answer.QueryResponse ?? {}) as Record<string, unknown>;
      const rows = Object.values(found).find(Array.isArray);
      return (rows ?? []) as QuickBooksRecord[];
    },
    async changedSince(entities, since) {
      const answer = await send("GET", "cdc", { entities: entities.join(","), changedSince: since.toISOString() });
      const result: Partial<Record<QuickBooksEntity, QuickBooksRecord[]>> = {};
      for (const block of (answer.CDCResponse ?? []) as { QueryResponse?: Record<string, unknown>[] }[]) {
        for (const response of block.QueryResponse ?? []) {
          for (const entity of entities) {
            const rows = response[entity];
            if (Array.isArray(rows)) result[entity] = [...(result[entity] ?? []), ...(rows as QuickBooksRecord[])];
          }
        }
      }
      return result;
    },
  };
}
