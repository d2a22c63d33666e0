import type { TenantTransaction } from "@fieldops/db";
import { auditRecordRead } from "../hipaa/manage-hipaa-mode.ts";
import type { TenantScope } from "../tenant-scope.ts";
import type { Customer } from "@fieldops/shared/customers";
import { notFound } from "../errors.ts";
import { customerDetailInclude, toCustomer } from "./customer-record.ts";

/** The customer with its contacts, properties and counts of jobs and visits; another company's id is not found. */
export async function getCustomer(tx: TenantTransaction, input: { id: string }): Promise<Customer> {
  const row = await tx.customer.findUnique({ where: { id: input.id }, include: customerDetailInclude });
  if (!row) throw notFound("Customer not found");
  return toCustomer(tx, row);
}

/** A customer's record as a person opens it: in HIPAA mode the opening is audited. */
export async function viewCustomer(scope: TenantScope, input: { id: string }): Promise<Customer> {
  const customer = await getCustomer(scope.tx, input);
  await auditRecordRead(scope, { customerId: customer.id, name: customer.name, what: "the record" });
  return customer;
}
