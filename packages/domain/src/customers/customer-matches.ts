import type { TenantTransaction } from "@fieldops/db";
import { phoneSearchDigits, type CreateCustomerInput, type CustomerImportMatch } from "@fieldops/shared/customers";

/** What makes two customers the same, strongest first: an e-mail names one person more surely than a phone. */
const MATCH_KINDS = ["email", "phone", "nameStreet"] as const;
type MatchKind = (typeof MATCH_KINDS)[number];

const MATCH_WORDS: Record<MatchKind, string> = {
  email: "e-mail",
  phone: "phone number",
  nameStreet: "name and street",
};

/** Fewer digits than this say too little to match a phone ("ext. 12" typed in the phone column). */
const MIN_PHONE_DIGITS = 7;

export function emailKey(value: string): string {
  return value.trim().toLowerCase();
}

/** A phone number's digits as search finds them (`phoneSearchDigits`); too few to tell one person match nothing. */
export function phoneKey(value: string): string | null {
  const digits = phoneSearchDigits(value);
  return digits !== null && digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/** Name and street without case, spaces or punctuation: Grace Hopper at "12 Elm St." is "gracehopper|12elmst". */
function nameStreetKey(name: string, street: string): string | null {
  const compact = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const [compactName, compactStreet] = [compact(name), compact(street)];
  return compactName !== "" && compactStreet !== "" ? `${compactName}|${compactStreet}` : null;
}

type MatchKeys = Record<MatchKind, string[]>;

/** A customer already there, as matching sees it: every e-mail, phone and street it has. */
interface ExistingCustomer {
  id: string;
  name: string;
  emails: readonly string[];
  phones: readonly string[];
  streets: readonly string[];
}

function keysOfExisting(customer: ExistingCustomer): MatchKeys {
  return {
    email: customer.emails.map(emailKey),
    phone: customer.phones.map(phoneKey).filter((key) => key !== null),
    nameStreet: customer.streets.map((street) => nameStreetKey(customer.name, street)).filter((key) => key !== null),
  };
}

function keysOfRow(input: CreateCustomerInput): MatchKeys {
  return keysOfExisting({
    id: "",
    name: input.name,
    emails: input.contacts.filter((contact) => contact.kind === "email").map((contact) => contact.value),
    phones: input.contacts.filter((contact) => contact.kind === "phone").map((contact) => contact.value),
    streets: input.properties.slice(0, 1).map((property) => property.street),
  });
}

/**
 * Which rows of a file are customers already there, and which repeat an earlier row of the same file. A row matches a
 * customer with the same e-mail, else the same phone digits, else the same name and street. A repeat (of an earlier
 * row, or of a customer an earlier row already matched) is always skipped: the first row of a person is the one
 * imported. Rows with no match are absent from the answer.
 */
function matchImportRows(
  rows: readonly { line: number; input: CreateCustomerInput }[],
  existing: readonly ExistingCustomer[],
): Map<number, CustomerImportMatch> {
  const known = new Map<string, ExistingCustomer>();
  for (const customer of existing) {
    const keys = keysOfExisting(customer);
    for (const kind of MATCH_KINDS)
      for (const key of keys[kind]) if (!known.has(`${kind}:${key}`)) known.set(`${kind}:${key}`, customer);
  }
  const seenInFile = new Map<string, number>();
  const claimedBy = new Map<string, number>();
  const matches = new Map<number, CustomerImportMatch>();
  for (const { line, input } of rows) {
    const keys = keysOfRow(input);
    const entries = MATCH_KINDS.flatMap((kind) => keys[kind].map((key) => ({ kind, key: `${kind}:${key}` })));
    const repeat = entries.find(({ key }) => seenInFile.has(key));
    const customerMatch = entries
      .map(({ kind, key }) => ({ kind, customer: known.get(key) }))
      .find((found): found is { kind: MatchKind; customer: ExistingCustomer } => found.customer !== undefined);
    if (repeat) {
      const earlier = seenInFile.get(repeat.key)!;
      matches.set(line, {
        customerId: null,
        line: earlier,
        reason: `Repeats line ${earlier} (same ${MATCH_WORDS[repeat.kind]})`,
      });
    } else if (customerMatch && claimedBy.has(customerMatch.customer.id)) {
      const earlier = claimedBy.get(customerMatch.customer.id)!;
      matches.set(line, {
        customerId: null,
        line: earlier,
        reason: `Same customer as line ${earlier} (${customerMatch.customer.name})`,
      });
    } else if (customerMatch) {
      claimedBy.set(customerMatch.customer.id, line);
      matches.set(line, {
        customerId: customerMatch.customer.id,
        line: null,
        reason: `Same ${MATCH_WORDS[customerMatch.kind]} as ${customerMatch.customer.name}`,
      });
    }
    for (const { key } of entries) if (!seenInFile.has(key)) seenInFile.set(key, line);
  }
  return matches;
}

/**
 * The company's customers that rows of a file could match: those with one of the file's e-mails or phone numbers
 * (found by SQL), and every customer's name and streets (compared here, under the one rule of `nameStreetKey`).
 */
async function loadCandidates(
  tx: TenantTransaction,
  rows: readonly { input: CreateCustomerInput }[],
): Promise<ExistingCustomer[]> {
  const emails = new Set<string>();
  const phoneDigits = new Set<string>();
  for (const { input } of rows) {
    for (const contact of input.contacts) {
      if (contact.kind === "email") emails.add(emailKey(contact.value));
      const phone = contact.kind === "phone" ? phoneKey(contact.value) : null;
      // Stored numbers are compared by their bare digits: with and without the country code.
      if (phone) phoneDigits.add(phone).add(`1${phone}`);
    }
  }
  const contacts = await tx.$queryRaw<{ customerId: string; kind: "email" | "phone"; value: string }[]>`
    SELECT "customerId", kind::text AS kind, value FROM customer_contacts
    WHERE (kind = 'email' AND lower(trim(value)) = ANY(${[...emails]}::text[]))
       OR (kind = 'phone' AND regexp_replace(value, '\\D', '', 'g') = ANY(${[...phoneDigits]}::text[]))`;
  const customers = await tx.customer.findMany({
    select: { id: true, name: true, email: true, phone: true, street: true },
  });
  const properties = await tx.customerProperty.findMany({ select: { customerId: true, street: true } });
  const byId = new Map<string, { id: string; name: string; emails: string[]; phones: string[]; streets: string[] }>(
    customers.map((customer) => [
      customer.id,
      {
        id: customer.id,
        name: customer.name,
        // The customer's own columns hold its first e-mail, phone and street: customers written without contact or
        // property rows (older data) still match.
        emails: customer.email ? [customer.email] : [],
        phones: customer.phone ? [customer.phone] : [],
        streets: [customer.street],
      },
    ]),
  );
  for (const contact of contacts) {
    const customer = byId.get(contact.customerId);
    if (customer) customer[contact.kind === "email" ? "emails" : "phones"].push(contact.value);
  }
  for (const property of properties) byId.get(property.customerId)?.streets.push(property.street);
  return [...byId.values()];
}

/** The matches of a parsed file's rows against the company's customers and each other (see `matchImportRows`). */
export async function findImportMatches(
  tx: TenantTransaction,
  rows: readonly { line: number; input: CreateCustomerInput }[],
): Promise<Map<number, CustomerImportMatch>> {
  if (rows.length === 0) return new Map();
  return matchImportRows(rows, await loadCandidates(tx, rows));
}
