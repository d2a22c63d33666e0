import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { answer, readBody } from "./stand-in-http.ts";

/**
 * A local stand-in for the QuickBooks Online Accounting API (v3), the parts the product uses, in its real shapes:
 * `POST /v3/company/{realmId}/{entity}` creates (or, with `Id`, `SyncToken` and `sparse: true`, updates) a customer,
 * invoice, payment or refund receipt and answers `{ Customer: {...}, time }`; `POST .../invoice?operation=void` and
 * `POST .../payment?operation=update&include=void` (with `Id` and `SyncToken`) void one: kept, its amounts zero, its
 * PrivateNote "Voided", the invoices a payment paid owing again; `GET .../{entity}/{id}` reads one;
 * `GET .../query?query=select ...` and `GET .../cdc?entities=...&changedSince=...` read many. It checks what QuickBooks
 * checks: the bearer token, the realm, references to records that exist, a unique DisplayName among customers (6240),
 * the current SyncToken on an update (5010, "Stale Object Error"), and it answers a repeated `requestid` with the
 * first answer. Errors are `{ Fault: { Error: [{ Message, Detail, code }], type }, time }`. A test can throttle (429),
 * drop the connection after a write, and play edits and payments made in QuickBooks itself.
 */
export type StandInEntity = "Customer" | "Invoice" | "Payment" | "RefundReceipt" | "Item" | "TaxCode";

export interface StandInRecord {
  Id: string;
  SyncToken: string;
  MetaData: { CreateTime: string; LastUpdatedTime: string };
  [field: string]: unknown;
}

export interface StandInRealm {
  records: Record<StandInEntity, Map<string, StandInRecord>>;
  nextId: number;
}

export interface QuickBooksStandIn {
  url: string;
  realms: Map<string, StandInRealm>;
  /** Every request: method, path (without the query), realm, requestid, "void" for a void, and the body sent. */
  requests: {
    method: string;
    path: string;
    realmId: string;
    requestId: string | null;
    operation: "void" | null;
    body: unknown;
  }[];
  /** The code of every Fault answered (5010, 6240, 003001, 3200 …), in order. */
  faults: string[];
  /** The realm's records of one entity, in the order made. */
  list(realmId: string, entity: StandInEntity): StandInRecord[];
  /** The next `count` requests are answered 429 ThrottleExceeded. */
  throttle(count: number): void;
  /** The next `count` writes of the entity are carried out, then the connection is dropped before the answer leaves. */
  dropAfterWrite(entity: StandInEntity, count?: number): void;
  /** Access tokens QuickBooks no longer takes (401), as after an expiry. */
  refusedTokens: Set<string>;
  /** Makes a record as someone in QuickBooks would. */
  createInQuickBooks(realmId: string, entity: StandInEntity, fields: Record<string, unknown>): StandInRecord;
  /** Edits a record as someone in QuickBooks would (its SyncToken moves on). */
  editInQuickBooks(realmId: string, entity: StandInEntity, id: string, changes: Record<string, unknown>): StandInRecord;
  /** A payment someone records in QuickBooks against an invoice there. */
  receivePaymentInQuickBooks(realmId: string, input: { invoiceId: string; amount: number }): StandInRecord;
  close(): Promise<void>;
}

const ENTITY_PATHS: Record<string, StandInEntity> = {
  customer: "Customer",
  invoice: "Invoice",
  payment: "Payment",
  refundreceipt: "RefundReceipt",
  item: "Item",
  taxcode: "TaxCode",
};

const fault = (code: string, message: string, detail: string, type = "ValidationFault") => ({
  Fault: { Error: [{ Message: message, Detail: detail, code }], type },
  time: new Date().toISOString(),
});

class FaultError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super("fault");
  }
}

const invalid = (detail: string, code = "2020") =>
  new FaultError(
    400,
    fault(
      code,
      code === "2020" ? "Required param missing, need to supply the required value for the API" : "Object Not Found",
      detail,
    ),
  );

/** The small part of QuickBooks' query language the product sends: `select * from X [where A = 'v' [and ...]]`. */
function runQuery(realm: StandInRealm, text: string): { entity: StandInEntity; rows: StandInRecord[] } {
  const match = /^select \* from (\w+)(?: where (.+?))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i.exec(
    text.trim(),
  );
  const entity =
    match && (Object.values(ENTITY_PATHS).find((name) => name.toLowerCase() === match[1]!.toLowerCase()) ?? null);
  if (!match || !entity) {
    throw new FaultError(
      400,
      fault("4000", "Error parsing query", `QueryParserError: Encountered an unexpected token in ${text}`),
    );
  }
  const conditions = (match[2] ?? "")
    .split(/ and /i)
    .filter(Boolean)
    .map((condition) => {
      const parts = /^(\w+(?:\.\w+)?) = '((?:[^'\\]|\\.)*)'$/.exec(condition.trim());
      if (!parts) throw new FaultError(400, fault("4000", "Error parsing query", `QueryParserError: ${condition}`));
      return { field: parts[1]!, value: parts[2]!.replace(/\\(.)/g, "$1") };
    });
  const start = Number(match[3] ?? 1);
  const max = Number(match[4] ?? 100);
  const rows = [...realm.records[entity].values()].filter((row) =>
    conditions.every(({ field, value }) => {
      const [first, second] = field.split(".");
      const found = second ? (row[first!] as Record<string, unknown> | undefined)?.[second] : row[first!];
      // A reference (CustomerRef) is compared by its value, as QuickBooks does.
      const compared = found && typeof found === "object" && "value" in found ? found.value : found;
      return String(compared ?? "") === value;
    }),
  );
  return { entity, rows: rows.slice(start - 1, start - 1 + max) };
}

function newRealm(): StandInRealm {
  const now = new Date().toISOString();
  const meta = { CreateTime: now, LastUpdatedTime: now };
  const records = {
    Customer: new Map(),
    Invoice: new Map(),
    Payment: new Map(),
    RefundReceipt: new Map(),
    Item: new Map<string, StandInRecord>([
      ["1", { Id: "1", SyncToken: "0", MetaData: meta, Name: "Services", Type: "Service", Active: true }],
      ["2", { Id: "2", SyncToken: "0", MetaData: meta, Name: "Lawn care", Type: "Service", Active: true }],
    ]),
    TaxCode: new Map<string, StandInRecord>([
      ["TAX", { Id: "TAX", SyncToken: "0", MetaData: meta, Name: "TAX", Taxable: true, Active: true }],
      ["NON", { Id: "NON", SyncToken: "0", MetaData: meta, Name: "NON", Taxable: false, Active: true }],
      ["3", { Id: "3", SyncToken: "0", MetaData: meta, Name: "California", Taxable: true, Active: true }],
    ]),
  } as StandInRealm["records"];
  return { records, nextId: 100 };
}

export async function startQuickBooksStandIn(options: {
  /** Whether QuickBooks takes this access token (the OAuth stand-in's issued tokens, typically). */
  acceptsToken: (token: string) => boolean;
}): Promise<QuickBooksStandIn> {
  const realms = new Map<string, StandInRealm>();
  const requests: QuickBooksStandIn["requests"] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const refusedTokens = new Set<string>();
  const faults: string[] = [];
  const faultCode = (body: unknown) => {
    const shaped = body as {
      Fault?: { Error?: { code?: string }[] };
      fault?: { error?: { code?: string }[] };
    } | null;
    return shaped?.Fault?.Error?.[0]?.code ?? shaped?.fault?.error?.[0]?.code ?? "";
  };
  let throttled = 0;
  const drops = new Map<string, number>();
  const realmOf = (realmId: string) => {
    let realm = realms.get(realmId);
    if (!realm) realms.set(realmId, (realm = newRealm()));
    return realm;
  };
  const stamp = () => new Date().toISOString();

  function requireRef(realm: StandInRealm, entity: StandInEntity, ref: unknown, field: string) {
    const value = (ref as { value?: unknown } | undefined)?.value;
    if (typeof value !== "string") throw invalid(`Required parameter ${field} is missing in the request`);
    if (!realm.records[entity].has(value)) {
      throw new FaultError(
        400,
        fault(
          "610",
          "Object Not Found",
          `Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.`,
        ),
      );
    }
  }

  function displayNameTaken(realm: StandInRealm, name: string, exceptId: string | null): StandInRecord | undefined {
    return [...realm.records.Customer.values()].find(
      (row) => row.Id !== exceptId && String(row.DisplayName).toLowerCase() === name.toLowerCase(),
    );
  }

  function validate(realm: StandInRealm, entity: StandInEntity, body: Record<string, unknown>, id: string | null) {
    if (entity === "Customer") {
      if (typeof body.DisplayName === "string") {
        const taken = displayNameTaken(realm, body.DisplayName, id);
        if (taken) {
          throw new FaultError(
            400,
            fault(
              "6240",
              "Duplicate Name Exists Error",
              `The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name. Id=${taken.Id}`,
            ),
          );
        }
      } else if (!id) throw invalid("Required parameter DisplayName is missing in the request");
    }
    if (entity === "Invoice" || entity === "Payment" || entity === "RefundReceipt") {
      if (!id || body.CustomerRef) requireRef(realm, "Customer", body.CustomerRef, "CustomerRef");
    }
    if ((entity === "Invoice" || entity === "RefundReceipt") && (!id || body.Line)) {
      const lines = body.Line;
      if (!Array.isArray(lines) || lines.length === 0)
        throw invalid("Required parameter Line is missing in the request");
      for (const line of lines as Record<string, unknown>[]) {
        if (typeof line.Amount !== "number") throw invalid("Required parameter Line.Amount is missing in the request");
        const detail = line.SalesItemLineDetail as Record<string, unknown> | undefined;
        if (line.DetailType === "SalesItemLineDetail" && detail?.ItemRef)
          requireRef(realm, "Item", detail.ItemRef, "ItemRef");
      }
    }
    if (entity === "Payment" && !id) {
      if (typeof body.TotalAmt !== "number") throw invalid("Required parameter TotalAmt is missing in the request");
      for (const line of (body.Line ?? []) as { LinkedTxn?: { TxnId: string; TxnType: string }[] }[]) {
        for (const linked of line.LinkedTxn ?? []) {
          if (linked.TxnType === "Invoice" && !realm.records.Invoice.has(linked.TxnId))
            throw invalid(`Invoice ${linked.TxnId} is not found`, "610");
        }
      }
    }
  }

  function write(realm: StandInRealm, entity: StandInEntity, body: Record<string, unknown>): StandInRecord {
    const id = typeof body.Id === "string" ? body.Id : null;
    if (id) {
      const current = realm.records[entity].get(id);
      if (!current) throw invalid(`Object Not Found : Something you're trying to use has been made inactive.`, "610");
      if (body.SyncToken !== current.SyncToken) {
        throw new FaultError(
          400,
          fault(
            "5010",
            "Stale Object Error",
            `Stale Object Error : You and root were working on this at the same time. root finished before you did, so your work was not saved.`,
          ),
        );
      }
      validate(realm, entity, body, id);
      const fields = { ...body };
      delete fields.sparse;
      const updated: StandInRecord = {
        ...(body.sparse === true ? current : { Id: id, MetaData: current.MetaData }),
        ...fields,
        Id: id,
        SyncToken: String(Number(current.SyncToken) + 1),
        MetaData: { CreateTime: current.MetaData.CreateTime, LastUpdatedTime: stamp() },
      };
      if (entity === "Invoice") updated.Balance = invoiceBalance(realm, updated);
      realm.records[entity].set(id, updated);
      if (entity === "Payment") {
        applyPaymentLines(realm, current);
        applyPaymentLines(realm, updated);
      }
      return updated;
    }
    validate(realm, entity, body, null);
    const created: StandInRecord = {
      ...body,
      Id: String(realm.nextId++),
      SyncToken: "0",
      MetaData: { CreateTime: stamp(), LastUpdatedTime: stamp() },
      domain: "QBO",
      sparse: false,
    };
    if (entity === "Invoice") {
      created.TotalAmt = invoiceTotal(created);
      created.Balance = created.TotalAmt;
    }
    if (entity === "Customer") created.Active = true;
    realm.records[entity].set(created.Id, created);
    if (entity === "Payment") applyPaymentLines(realm, created);
    return created;
  }

  /** What QuickBooks does to a voided invoice or payment: it stays, with every amount zero. */
  function voidRecord(
    realm: StandInRealm,
    entity: "Invoice" | "Payment",
    body: Record<string, unknown>,
  ): StandInRecord {
    const current = realm.records[entity].get(String(body.Id));
    if (!current) throw invalid(`Object Not Found : Something you're trying to use has been made inactive.`, "610");
    const zeroed = ((current.Line ?? []) as Record<string, unknown>[]).map((line) => ({ ...line, Amount: 0 }));
    const voided = write(realm, entity, {
      Id: current.Id,
      SyncToken: body.SyncToken,
      sparse: true,
      Line: zeroed,
      TotalAmt: 0,
      PrivateNote: "Voided",
      ...(entity === "Invoice" && current.TxnTaxDetail
        ? { TxnTaxDetail: { ...(current.TxnTaxDetail as object), TotalTax: 0 } }
        : {}),
    });
    if (entity === "Invoice") {
      voided.Balance = 0;
      voided.TotalAmt = 0;
    }
    return voided;
  }

  const cents = (value: number) => Math.round(value * 100);
  function invoiceTotal(invoice: StandInRecord): number {
    const lines = (invoice.Line ?? []) as { Amount: number; DetailType: string }[];
    const sum = lines.reduce(
      (total, line) => total + (line.DetailType === "DiscountLineDetail" ? -cents(line.Amount) : cents(line.Amount)),
      0,
    );
    const tax = cents((invoice.TxnTaxDetail as { TotalTax?: number } | undefined)?.TotalTax ?? 0);
    return (sum + tax) / 100;
  }
  function invoiceBalance(realm: StandInRealm, invoice: StandInRecord): number {
    const paid = [...realm.records.Payment.values()].reduce((total, payment) => {
      for (const line of (payment.Line ?? []) as { Amount: number; LinkedTxn?: { TxnId: string }[] }[]) {
        if (line.LinkedTxn?.some((linked) => linked.TxnId === invoice.Id)) total += cents(line.Amount);
      }
      return total;
    }, 0);
    return (cents(invoiceTotal(invoice)) - paid) / 100;
  }
  function applyPaymentLines(realm: StandInRealm, payment: StandInRecord) {
    for (const line of (payment.Line ?? []) as { LinkedTxn?: { TxnId: string }[] }[]) {
      for (const linked of line.LinkedTxn ?? []) {
        const invoice = realm.records.Invoice.get(linked.TxnId);
        if (invoice) {
          invoice.Balance = invoiceBalance(realm, invoice);
          invoice.SyncToken = String(Number(invoice.SyncToken) + 1);
          invoice.MetaData = { ...invoice.MetaData, LastUpdatedTime: stamp() };
        }
      }
    }
  }

  async function handle(request: IncomingMessage, url: URL, text: string): Promise<{ status: number; body: unknown }> {
    const path = /^\/v3\/company\/([^/]+)\/(\w+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!path) return { status: 404, body: fault("404", "Not found", `No resource at ${url.pathname}`) };
    const [, realmId, resource, recordId] = path;
    const realm = realmOf(realmId!);
    const kind = resource!.toLowerCase();
    if (kind === "query" && request.method === "GET") {
      const { entity, rows } = runQuery(realm, url.searchParams.get("query") ?? "");
      return {
        status: 200,
        body: {
          QueryResponse: rows.length ? { [entity]: rows, startPosition: 1, maxResults: rows.length } : {},
          time: stamp(),
        },
      };
    }
    if (kind === "cdc" && request.method === "GET") {
      const since = new Date(url.searchParams.get("changedSince") ?? "");
      if (Number.isNaN(since.getTime())) throw invalid("Required parameter changedSince is missing in the request");
      const entities = (url.searchParams.get("entities") ?? "").split(",").filter(Boolean);
      const changed = entities.map((name) => {
        const entity = ENTITY_PATHS[name.toLowerCase()];
        if (!entity) throw invalid(`Unsupported entity ${name}`);
        const rows = [...realm.records[entity].values()].filter(
          (row) => new Date(row.MetaData.LastUpdatedTime) > since,
        );
        return { [entity]: rows, startPosition: 1, maxResults: rows.length, totalCount: rows.length };
      });
      return { status: 200, body: { CDCResponse: [{ QueryResponse: changed }], time: stamp() } };
    }
    const entity = ENTITY_PATHS[kind];
    if (!entity) return { status: 404, body: fault("404", "Not found", `Unsupported resource ${resource}`) };
    if (request.method === "GET" && recordId) {
      const row = realm.records[entity].get(recordId);
      if (!row) throw invalid(`Object Not Found : Something you're trying to use has been made inactive.`, "610");
      return { status: 200, body: { [entity]: row, time: stamp() } };
    }
    if (request.method !== "POST" || recordId) return { status: 405, body: fault("405", "Method not allowed", "") };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new FaultError(400, fault("2500", "Invalid Request", "Request has invalid or unsupported property"));
    }
    const operation = url.searchParams.get("operation");
    if (entity === "Invoice" && operation === "void")
      return { status: 200, body: { Invoice: voidRecord(realm, "Invoice", body), time: stamp() } };
    if (entity === "Payment" && operation === "update" && url.searchParams.get("include") === "void")
      return { status: 200, body: { Payment: voidRecord(realm, "Payment", body), time: stamp() } };
    if (operation && operation !== "update")
      throw new FaultError(400, fault("2010", "Request has invalid or unsupported property", `operation=${operation}`));
    return { status: 200, body: { [entity]: write(realm, entity, body), time: stamp() } };
  }

  function respond(request: IncomingMessage, response: ServerResponse, text: string) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const realmId = /^\/v3\/company\/([^/]+)/.exec(url.pathname)?.[1] ?? "";
    const requestId = url.searchParams.get("requestid");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const voids =
      url.searchParams.get("operation") === "void" ||
      (url.searchParams.get("operation") === "update" && url.searchParams.get("include") === "void");
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      realmId,
      requestId,
      operation: voids ? "void" : null,
      body,
    });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!token || refusedTokens.has(token) || !options.acceptsToken(token)) {
      faults.push("3200");
      return answer(response, 401, {
        fault: {
          error: [
            {
              message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
              detail: "Token expired",
              code: "3200",
            },
          ],
          type: "AUTHENTICATION",
        },
        time: stamp(),
      });
    }
    if (throttled > 0) {
      throttled -= 1;
      faults.push("003001");
      return answer(
        response,
        429,
        fault(
          "003001",
          "message=ThrottleExceeded; errorCode=003001; statusCode=429",
          "The request limit was reached.",
          "ThrottleExceeded",
        ),
      );
    }
    const replayKey = requestId && request.method === "POST" ? `${realmId}:${requestId}` : null;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    const outcome = replay
      ? Promise.resolve(replay)
      : handle(request, url, text).catch((error: unknown) => {
          if (error instanceof FaultError) return { status: error.status, body: error.body };
          throw error;
        });
    outcome
      .then((result) => {
        if (replayKey && !replay) replies.set(replayKey, result);
        if (result.status >= 400) faults.push(faultCode(result.body));
        const written = ENTITY_PATHS[/\/(\w+)$/.exec(url.pathname)?.[1]?.toLowerCase() ?? ""];
        const dropping = written ? (drops.get(written) ?? 0) : 0;
        if (request.method === "POST" && written && dropping > 0 && result.status === 200) {
          drops.set(written, dropping - 1);
          request.socket.destroy();
          return;
        }
        answer(response, result.status, result.body);
      })
      .catch(() => answer(response, 500, fault("500", "Internal Server Error", "")));
  }

  const server = createServer((request, response) => {
    readBody(request)
      .then((text) => respond(request, response, text))
      .catch(() => answer(response, 500, fault("500", "Internal Server Error", "")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    realms,
    requests,
    refusedTokens,
    faults,
    list: (realmId, entity) => [...realmOf(realmId).records[entity].values()],
    throttle(count) {
      throttled = count;
    },
    dropAfterWrite(entity, count = 1) {
      drops.set(entity, count);
    },
    createInQuickBooks(realmId, entity, fields) {
      return write(realmOf(realmId), entity, fields);
    },
    editInQuickBooks(realmId, entity, id, changes) {
      const realm = realmOf(realmId);
      const current = realm.records[entity].get(id);
      if (!current) throw new Error(`No ${entity} ${id}`);
      return write(realm, entity, { ...changes, Id: id, SyncToken: current.SyncToken, sparse: true });
    },
    receivePaymentInQuickBooks(realmId, { invoiceId, amount }) {
      const realm = realmOf(realmId);
      const invoice = realm.records.Invoice.get(invoiceId);
      if (!invoice) throw new Error(`No invoice ${invoiceId}`);
      return write(realm, "Payment", {
        CustomerRef: invoice.CustomerRef,
        TotalAmt: amount,
        TxnDate: new Date().toISOString().slice(0, 10),
        Line: [{ Amount: amount, LinkedTxn: [{ TxnId: invoiceId, TxnType: "Invoice" }] }],
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
