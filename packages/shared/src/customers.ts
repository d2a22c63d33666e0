import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import {
  coordinatesSchema,
  locatedAddressSchema,
  locationPrecisionSchema,
  refineOptionalCoordinates,
} from "./locations";
import { outboxMessageSchema } from "./outbox";
import { text } from "./text";
import { visitStatusSchema } from "./visit-lifecycle";

export const MAX_CUSTOMER_CONTACTS = 20;
export const MAX_CUSTOMER_PROPERTIES = 50;
export const MAX_CUSTOMER_TAGS = 20;
export const CUSTOMER_PAGE_SIZE_MAX = 100;

export const customerContactKindSchema = z.enum(["phone", "email"]);
export type CustomerContactKind = z.infer<typeof customerContactKindSchema>;

const phonePattern = /^\+?[0-9 ().-]{3,30}$/;

/**
 * The digits a search for a phone number looks for, or null when the query is not one: "555-561-7947",
 * "555 561 7947", "(555) 561-7947" and "5555617947" all look for 5555617947, which a customer's search text holds for
 * each of their phones. The leading 1 (the North American country code) of an 11-digit number is dropped, so that
 * "+1 555 561 7947" finds a number stored without it.
 */
export function phoneSearchDigits(query: string): string | null {
  const trimmed = query.trim();
  if (!phonePattern.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 3) return null;
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
const contactLabel = text({ max: 50, trim: true }).nullish();

export const customerContactInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("phone"),
    value: text({ max: 30, trim: true }).regex(phonePattern, "Enter a valid phone number"),
    label: contactLabel,
  }),
  z.object({
    kind: z.literal("email"),
    value: text({ max: 254, trim: true }).email("Enter a valid email address"),
    label: contactLabel,
  }),
]);
export type CustomerContactInput = z.infer<typeof customerContactInputSchema>;

/**
 * A service property. Its point is found from the address; `latitude` and `longitude`, given together, place it by
 * hand instead (typed, or dropped on the map). An existing property whose address is unchanged keeps its point.
 */
export const customerPropertyInputSchema = z
  .object({
    /** Present when the property already exists: it is updated in place rather than replaced. */
    id: z.uuid().optional(),
    name: text({ max: 100, trim: true }).nullish(),
    street: text({ max: 200, trim: true }).min(1, "Street is required"),
    city: text({ max: 100, trim: true }).min(1, "City is required"),
    region: text({ max: 100, trim: true }),
    postcode: text({ max: 20, trim: true }),
    latitude: coordinatesSchema.shape.latitude.optional(),
    longitude: coordinatesSchema.shape.longitude.optional(),
    accessNotes: text({ max: 2000 }).nullish(),
    gateCode: text({ max: 50, trim: true }).nullish(),
  })
  .superRefine(refineOptionalCoordinates);
export type CustomerPropertyInput = z.infer<typeof customerPropertyInputSchema>;

const customerFields = {
  name: text({ max: 200, trim: true }).min(1, "Name is required"),
  contacts: z.array(customerContactInputSchema).max(MAX_CUSTOMER_CONTACTS),
  properties: z
    .array(customerPropertyInputSchema)
    .min(1, "Add at least one service property")
    .max(MAX_CUSTOMER_PROPERTIES),
  tags: z.array(text({ max: 40, trim: true }).min(1)).max(MAX_CUSTOMER_TAGS),
  notes: text({ max: 10_000 }).nullish(),
};

/** POST /api/customers. The first property is the customer's main service address. */
export const createCustomerRequestSchema = z.object({
  ...customerFields,
  contacts: customerFields.contacts.default([]),
  tags: customerFields.tags.default([]),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;
export type CreateCustomerInput = z.output<typeof createCustomerRequestSchema>;

/** PATCH /api/customers/:id: fields left out stay; a list given replaces the stored one (properties keep their ids). */
export const updateCustomerRequestSchema = z.object({
  name: customerFields.name.optional(),
  contacts: customerFields.contacts.optional(),
  properties: customerFields.properties.optional(),
  tags: customerFields.tags.optional(),
  notes: customerFields.notes,
});
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequestSchema>;
export type UpdateCustomerInput = z.output<typeof updateCustomerRequestSchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid() });

export const customerContactSchema = z.object({
  id: z.string(),
  kind: customerContactKindSchema,
  value: z.string(),
  label: z.string().nullable(),
  /** A phone that texted STOP (or that Twilio refused as unsubscribed): it gets no texts until it texts START. */
  textsStopped: z.boolean(),
  /** An address that marked one of the company's e-mails as spam: the company no longer e-mails it. */
  emailsStopped: z.boolean(),
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

export const customerPropertySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** Its point is null when the address could not be located. */
  ...locatedAddressSchema.shape,
  accessNotes: z.string().nullable(),
  gateCode: z.string().nullable(),
});
export type CustomerProperty = z.infer<typeof customerPropertySchema>;

/** One row of the list: enough to recognise and call the customer. */
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  /** How the main address was located; null when it could not be. */
  locationPrecision: locationPrecisionSchema.nullable(),
  tags: z.array(z.string()),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  contacts: z.array(customerContactSchema),
  properties: z.array(customerPropertySchema),
  jobCount: z.number().int(),
  visitCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/customers: by name, then id; `cursor` is the last id of the previous page. */
export const listCustomersQuerySchema = z.object({
  q: text({ max: 200, trim: true }).optional(),
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).default(25),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;

export const customerListResponseSchema = z.object({
  items: z.array(customerSummarySchema),
  nextCursor: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/** DELETE /api/customers/:id must say it means it: the customer's properties and contacts go with it. */
export const deleteCustomerQuerySchema = z.object({
  confirm: z.literal("true", { error: "Confirm the deletion with confirm=true" }),
});

/** The customer fields a CSV column can fill; `name` and the street and city are required, coordinates optional. */
export const CUSTOMER_IMPORT_FIELDS = [
  "name",
  "email",
  "phone",
  "street",
  "city",
  "region",
  "postcode",
  "latitude",
  "longitude",
  "accessNotes",
  "gateCode",
  "tags",
  "notes",
] as const;
export const customerImportFieldSchema = z.enum(CUSTOMER_IMPORT_FIELDS);
export type CustomerImportField = z.infer<typeof customerImportFieldSchema>;
export const REQUIRED_CUSTOMER_IMPORT_FIELDS: readonly CustomerImportField[] = ["name", "street", "city"];

/** The column headers a CSV export writes, in order; an import maps them back by the same names,
 * and the import screen labels its fields with them. */
export const CUSTOMER_CSV_HEADERS: Record<CustomerImportField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  street: "Street",
  city: "City",
  region: "Region",
  postcode: "Postcode",
  latitude: "Latitude",
  longitude: "Longitude",
  accessNotes: "Access notes",
  gateCode: "Gate code",
  tags: "Tags",
  notes: "Notes",
};

export const MAX_CUSTOMER_IMPORT_ROWS = 5000;
/** About 1 MB of CSV text; the route's body limit leaves room for the JSON around it. */
export const MAX_CUSTOMER_IMPORT_CHARS = 1_000_000;

/** For each field, the header of the column that fills it; a field left out stays empty. */
export const customerImportMappingSchema = z.partialRecord(customerImportFieldSchema, text({ max: 200 }));
export type CustomerImportMapping = z.infer<typeof customerImportMappingSchema>;

/**
 * What an import does with a row that matches a customer already there (same e-mail, same phone digits, or same name
 * and street): leave the customer as it is, or fill in the row's mapped fields and keep the rest.
 */
export const customerImportDuplicatesSchema = z.enum(["skip", "update"]);
export type CustomerImportDuplicates = z.infer<typeof customerImportDuplicatesSchema>;

/** POST /api/customers/import/preview and /api/customers/import. */
export const customerImportRequestSchema = z.object({
  csv: text({ max: MAX_CUSTOMER_IMPORT_CHARS }),
  mapping: customerImportMappingSchema,
  duplicates: customerImportDuplicatesSchema.default("skip"),
  /** The uploaded file's name, kept on the import's record. */
  fileName: text({ max: 255, trim: true }).nullish(),
});
export type CustomerImportRequest = z.input<typeof customerImportRequestSchema>;
export type CustomerImportInput = z.output<typeof customerImportRequestSchema>;

/** `line` counts from the header, as a spreadsheet numbers the rows. */
export const customerImportErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type CustomerImportError = z.infer<typeof customerImportErrorSchema>;

/**
 * A row that matches a customer already there (`customerId`), or repeats an earlier row of the same file (`line`),
 * and why: "Same e-mail as Grace Hopper", "Repeats line 3 (same phone number)". A repeat is always skipped.
 */
export const customerImportMatchSchema = z.object({
  customerId: z.string().nullable(),
  line: z.number().int().nullable(),
  reason: z.string(),
});
export type CustomerImportMatch = z.infer<typeof customerImportMatchSchema>;

export const customerImportRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  match: customerImportMatchSchema.nullable(),
});
export type CustomerImportRow = z.infer<typeof customerImportRowSchema>;

/** The rows an import would write (duplicates marked) and every row's errors; nothing is written. */
export const customerImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  totalRows: z.number().int(),
  rows: z.array(customerImportRowSchema),
  errors: z.array(customerImportErrorSchema),
});
export type CustomerImportPreview = z.infer<typeof customerImportPreviewSchema>;

/** `locating` while the background task still locates the rows' addresses; `done` once every row has its answer. */
export const customerImportStatusSchema = z.enum(["locating", "done"]);
export type CustomerImportStatus = z.infer<typeof customerImportStatusSchema>;

/**
 * What an import did, in numbers, and the rows to look at: those skipped (with why) and those whose address could not
 * be located. The location counts cover the rows it created or updated: located exactly, approximately (ZIP code or
 * town centre), placed by the file's own coordinates, not located, and still waiting for the geocoding task.
 */
export const customerImportSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  duplicates: customerImportDuplicatesSchema,
  status: customerImportStatusSchema,
  totalRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  location: z.object({
    exact: z.number().int(),
    approximate: z.number().int(),
    manual: z.number().int(),
    notLocated: z.number().int(),
    remaining: z.number().int(),
  }),
  skippedRows: z.array(z.object({ line: z.number().int(), name: z.string(), reason: z.string() })),
  problems: z.array(z.object({ line: z.number().int(), name: z.string(), message: z.string() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

export const customerImportIdParamsSchema = z.object({ id: z.uuid() });

/** The 400 of an import with any bad row: nothing was created. */
export const customerImportFailureSchema = z.object({
  message: z.string(),
  errors: z.array(customerImportErrorSchema),
});
export type CustomerImportFailure = z.infer<typeof customerImportFailureSchema>;

/** A page of a customer's visits or messages: the id of the last one seen. */
export const customerHistoryQuerySchema = z.object({
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).default(20),
});

/** One of a customer's visits, with the job it belongs to. */
export const customerVisitSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobNumber: z.number().int(),
  jobTitle: z.string(),
  status: visitStatusSchema,
  scheduledStart: z.string().nullable(),
  crewName: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type CustomerVisit = z.infer<typeof customerVisitSchema>;
export const customerVisitListResponseSchema = z.object({
  items: z.array(customerVisitSchema),
  nextCursor: z.string().nullable(),
});

/**
 * A message sent to a customer (an invoice, an estimate, a payment reminder, a portal link) and what it was about. Its
 * text is not here: it holds the customer's link, which only the outbox's readers see.
 */
export const customerMessageSchema = outboxMessageSchema.omit({ body: true }).extend({
  invoiceId: z.string().nullable(),
  estimateId: z.string().nullable(),
});
export type CustomerMessage = z.infer<typeof customerMessageSchema>;
export const customerMessageListResponseSchema = z.object({
  items: z.array(customerMessageSchema),
  nextCursor: z.string().nullable(),
});

export const customerEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/customers",
    tags: ["customers"],
    summary: "Customers by name, searched by name, phone, e-mail or address, a page at a time",
    query: listCustomersQuerySchema,
    response: customerListResponseSchema,
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/customers",
    tags: ["customers"],
    summary: "Create a customer with contacts and service properties",
    body: createCustomerRequestSchema,
    status: 201,
    response: customerSchema,
    capability: "customers.manage",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/customers/:id",
    tags: ["customers"],
    summary: "A customer with contacts, properties and counts of jobs and visits",
    params: customerIdParamsSchema,
    response: customerSchema,
  }),
  visits: defineEndpoint({
    method: "GET",
    path: "/api/customers/:id/visits",
    tags: ["customers"],
    summary: "A customer's visits with their jobs, unscheduled and latest first, a page at a time",
    params: customerIdParamsSchema,
    query: customerHistoryQuerySchema,
    response: customerVisitListResponseSchema,
    capability: "jobs.manage",
  }),
  messages: defineEndpoint({
    method: "GET",
    path: "/api/customers/:id/messages",
    tags: ["customers"],
    summary: "The messages sent to a customer, newest first, a page at a time",
    params: customerIdParamsSchema,
    query: customerHistoryQuerySchema,
    response: customerMessageListResponseSchema,
    capability: "customers.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/customers/:id",
    tags: ["customers"],
    summary: "Change a customer; lists given replace the stored ones",
    params: customerIdParamsSchema,
    body: updateCustomerRequestSchema,
    response: customerSchema,
    capability: "customers.manage",
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/customers/:id",
    tags: ["customers"],
    summary: "Delete a customer (confirm=true); deleting one already gone succeeds",
    params: customerIdParamsSchema,
    query: deleteCustomerQuerySchema,
    status: 204,
    response: z.null(),
    capability: "customers.manage",
  }),
  export: defineEndpoint({
    method: "GET",
    path: "/api/customers/export",
    tags: ["customers"],
    summary: "Every customer as CSV (Growth plan and above)",
    produces: "text/csv",
    response: z.string(),
    capability: "customers.manage",
  }),
  previewImport: defineEndpoint({
    method: "POST",
    path: "/api/customers/import/preview",
    tags: ["customers"],
    summary: "Check a CSV under a column mapping: its rows, those matching existing customers, and every row's errors",
    body: customerImportRequestSchema,
    response: customerImportPreviewSchema,
    capability: "customers.manage",
  }),
  import: defineEndpoint({
    method: "POST",
    path: "/api/customers/import",
    tags: ["customers"],
    summary:
      "Import a CSV: every row or none when any has an error; matching customers skipped or updated; addresses located in the background",
    body: customerImportRequestSchema,
    status: 201,
    response: customerImportSchema,
    errors: { 400: customerImportFailureSchema },
    capability: "customers.manage",
  }),
  getImport: defineEndpoint({
    method: "GET",
    path: "/api/customers/imports/:id",
    tags: ["customers"],
    summary: "An import's progress and what it did: created, updated, skipped, located, and the rows with problems",
    params: customerImportIdParamsSchema,
    response: customerImportSchema,
    capability: "customers.manage",
  }),
} as const;
