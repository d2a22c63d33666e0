import { randomUUID } from "node:crypto";
import {
  bindTenant,
  withTenant,
  type CustomObjectDefinition as DefinitionRow,
  type Database,
  type TenantTransaction,
} from "@fieldops/db";
import { isBuiltInTarget, type CustomObjectDefinition, type CustomValue } from "@fieldops/shared/custom-objects";
import type { CustomField, CustomFieldType } from "@fieldops/shared/feature-spec";
import { DomainError } from "../errors.ts";
import { systemActor, type TenantScope } from "../tenant-scope.ts";
import { createCustomRecord } from "./create-custom-record.ts";
import { toDefinition, type CustomObjectAccess } from "./custom-object-definition.ts";
import { deleteCustomRecord } from "./delete-custom-record.ts";
import { getCustomRecord } from "./get-custom-record.ts";
import { listCustomRecords } from "./list-custom-records.ts";
import { updateCustomRecord } from "./update-custom-record.ts";

/** One generated check of a build's custom objects. */
export interface CustomObjectCheck {
  name: string;
  passed: boolean;
  detail: string;
  durationMs: number;
}

/** Two valid values of each type (a record, then its change). */
const SAMPLES: Record<CustomFieldType, (field: CustomField) => [CustomValue, CustomValue]> = {
  text: (field) => [`Check ${field.label}`, `Changed ${field.label}`],
  long_text: () => ["A first line\nand a second", "Changed notes"],
  number: () => [12.5, 99.25],
  integer: () => [7, 8],
  money: () => [12_345, 500],
  date: () => ["2026-01-15", "2026-02-01"],
  datetime: () => ["2026-01-15T09:30:00.000Z", "2026-02-01T16:00:00.000Z"],
  boolean: () => [true, false],
  select: (field) => [field.options?.[0] ?? "", field.options?.at(-1) ?? ""],
  email: () => ["check@example.com", "changed@example.com"],
  phone: () => ["+1 555 0100", "+1 555 0199"],
  url: () => ["https://example.com/check", "https://example.com/changed"],
};

/** Values each type must refuse, with what is wrong with them. */
const INVALID: Record<CustomFieldType, Array<[string, CustomValue]>> = {
  text: [
    ["a number", 42],
    ["501 characters", "x".repeat(501)],
  ],
  long_text: [["a number", 42]],
  number: [["words", "twelve"]],
  integer: [["a fraction", 1.5]],
  money: [["a fraction of a cent", 12.345]],
  date: [["a day that does not exist", "2026-02-30"]],
  datetime: [["words", "next tuesday"]],
  boolean: [["a word", "yes"]],
  select: [["a value not among the options", "none of these"]],
  email: [["an address without @", "not-an-email"]],
  phone: [["words", "call me"]],
  url: [["words", "not a web address"]],
};

/** Thrown to roll back the checks' transaction: nothing they wrote stays. */
class ChecksDone extends Error {
  constructor(readonly checks: CustomObjectCheck[]) {
    super("checks done");
  }
}

class CheckFailed extends Error {}

const CHECKS_ACTOR = systemActor("custom object checks");

/** What the checks give the use cases: they act as the system and announce nothing, as nothing they write stays. */
const silent = (tx: TenantTransaction): Pick<TenantScope, "tx" | "actor" | "emit"> => ({
  tx,
  actor: CHECKS_ACTOR,
  emit: () => undefined,
});

function expect(condition: boolean, detail: string): asserts condition {
  if (!condition) throw new CheckFailed(detail);
}

async function expectRefusal(work: () => Promise<unknown>, kind: DomainError["kind"], field?: string): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError && error.kind === kind && (field === undefined || error.field === field))
      return `refused: ${error.message}`;
    throw new CheckFailed(
      `expected ${kind}${field ? ` naming ${field}` : ""}, got ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  throw new CheckFailed(`expected ${kind}${field ? ` naming ${field}` : ""}, but it was accepted`);
}

const sameValue = (a: CustomValue | undefined, b: CustomValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The generated checks of a build's custom objects, through the use cases the /api/custom routes call, against the
 * real database: for each object, create, read, list, update and delete a record, every field's validation, every
 * relation refusing a record that does not exist, and another company's access refused. They run in one transaction
 * of the company that is rolled back at the end (each check under its own savepoint), so nothing stays behind.
 */
export async function runCustomObjectChecks(
  db: Database,
  input: { companyId: string; buildId: string },
): Promise<CustomObjectCheck[]> {
  const rows = await withTenant(db, input.companyId, (tx) =>
    tx.customObjectDefinition.findMany({
      where: { buildId: input.buildId, stage: { not: "rolled_back" } },
      orderBy: { key: "asc" },
    }),
  );
  if (rows.length === 0)
    return [
      {
        name: "custom objects installed",
        passed: false,
        detail: "The build installed no custom object",
        durationMs: 0,
      },
    ];
  const checks: CustomObjectCheck[] = [];
  // A transaction per object, so that a build of many objects with many fields stays within a transaction's time limit.
  for (const row of rows) {
    try {
      await withTenant(db, input.companyId, async (tx) => {
        throw new ChecksDone(await checksOfObject(db, tx, input, row));
      });
    } catch (error) {
      if (!(error instanceof ChecksDone)) throw error;
      checks.push(...error.checks);
    }
  }
  return checks;
}

async function checksOfObject(
  db: Database,
  tx: TenantTransaction,
  input: { companyId: string; buildId: string },
  row: DefinitionRow,
): Promise<CustomObjectCheck[]> {
  const checks: CustomObjectCheck[] = [];
  const access: CustomObjectAccess = { buildId: input.buildId };
  const fixtures = new Fixtures(tx, input.companyId, access);
  const scope = silent(tx);
  const step = async (name: string, work: () => Promise<string>): Promise<boolean> => {
    const started = performance.now();
    await tx.$executeRawUnsafe("SAVEPOINT custom_object_check");
    let passed = false;
    let detail: string;
    try {
      detail = await work();
      passed = true;
      await tx.$executeRawUnsafe("RELEASE SAVEPOINT custom_object_check");
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
      await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT custom_object_check");
      fixtures.forget();
    }
    checks.push({ name, passed, detail, durationMs: Math.round(performance.now() - started) });
    return passed;
  };

  let definition: CustomObjectDefinition | null = null;
  const readable = await step(`${row.key}: definition`, async () => {
    definition = toDefinition(row);
    return `${definition.fields.length} field(s), ${definition.relations.length} relation(s)`;
  });
  if (!readable || !definition) return checks;
  const object: CustomObjectDefinition = definition;
  const key = object.key;
  const target = { objectKey: key, access };
  let sample: Record<string, CustomValue> = {};
  let recordId = "";

  const created = await step(`${key}: create`, async () => {
    sample = await fixtures.sampleValues(object, 0);
    const record = await createCustomRecord(scope, { ...target, values: sample });
    recordId = record.id;
    for (const [field, value] of Object.entries(sample))
      expect(
        sameValue(record.values[field], value),
        `${field} was stored as ${JSON.stringify(record.values[field])}, not ${JSON.stringify(value)}`,
      );
    return `created ${record.title}`;
  });

  if (created) {
    await step(`${key}: read`, async () => {
      const record = await getCustomRecord(tx, { ...target, id: recordId });
      for (const [field, value] of Object.entries(sample))
        expect(sameValue(record.values[field], value), `${field} reads ${JSON.stringify(record.values[field])}`);
      for (const relation of object.relations.filter((candidate) => sample[candidate.key] !== undefined)) {
        expect(
          record.links[relation.key]?.label != null,
          `${relation.key} does not name the ${relation.target} it points at`,
        );
      }
      return `read ${record.title}`;
    });

    await step(`${key}: list and search`, async () => {
      const searchable = object.fields.find((field) => field.type === "text");
      const term = searchable ? String(sample[searchable.key]).slice(0, 12) : undefined;
      const page = await listCustomRecords(tx, { ...target, q: term, limit: 100 });
      expect(
        page.items.some((item) => item.id === recordId),
        term ? `searching "${term}" did not find the record` : "the list does not show the record",
      );
      const linked = object.relations.find((relation) => sample[relation.key] !== undefined);
      if (linked) {
        const byLink = await listCustomRecords(tx, {
          ...target,
          linkedTo: `${linked.target}:${String(sample[linked.key])}`,
          limit: 100,
        });
        expect(
          byLink.items.some((item) => item.id === recordId),
          `the records of that ${linked.target} do not include it`,
        );
      }
      return term ? `found by "${term}"` : "listed";
    });

    await step(`${key}: update`, async () => {
      const change = await fixtures.sampleValues(object, 1);
      await updateCustomRecord(scope, { ...target, id: recordId, values: change });
      const record = await getCustomRecord(tx, { ...target, id: recordId });
      for (const [field, value] of Object.entries(change))
        expect(
          sameValue(record.values[field], value),
          `${field} reads ${JSON.stringify(record.values[field])} after the change`,
        );
      sample = change;
      return "every field changed";
    });

    await step(`${key}: another company's access refused`, async () => {
      const before = await getCustomRecord(tx, { ...target, id: recordId });
      await bindTenant(db, tx, randomUUID());
      try {
        await expectRefusal(() => getCustomRecord(tx, { ...target, id: recordId }), "not_found");
        await expectRefusal(() => updateCustomRecord(scope, { ...target, id: recordId, values: {} }), "not_found");
        expect(
          (await tx.customObjectRecord.findUnique({ where: { id: recordId } })) === null,
          "another company reads the record",
        );
        expect(
          (await tx.customObjectRecord.updateMany({ where: { id: recordId }, data: { searchText: "" } })).count === 0,
          "another company changes the record",
        );
        expect(
          (await tx.customObjectRecord.deleteMany({ where: { id: recordId } })).count === 0,
          "another company deletes the record",
        );
      } finally {
        await bindTenant(db, tx, input.companyId);
      }
      const after = await getCustomRecord(tx, { ...target, id: recordId });
      expect(JSON.stringify(after) === JSON.stringify(before), "the record changed while another company tried it");
      return "read, change and delete refused";
    });
  }

  for (const field of object.fields) {
    for (const [what, value] of INVALID[field.type]) {
      await step(`${key}: ${field.key} (${field.type}) refuses ${what}`, async () => {
        const values = { ...(await fixtures.sampleValues(object, 0)), [field.key]: value };
        return expectRefusal(() => createCustomRecord(scope, { ...target, values }), "invalid_input", field.key);
      });
    }
    if (field.required) {
      await step(`${key}: ${field.key} is required`, async () => {
        const values = Object.fromEntries(
          Object.entries(await fixtures.sampleValues(object, 0)).filter(([name]) => name !== field.key),
        );
        return expectRefusal(() => createCustomRecord(scope, { ...target, values }), "invalid_input", field.key);
      });
    }
  }
  for (const relation of object.relations) {
    await step(`${key}: ${relation.key} refuses a ${relation.target} that does not exist`, async () => {
      const values = { ...(await fixtures.sampleValues(object, 0)), [relation.key]: randomUUID() };
      return expectRefusal(() => createCustomRecord(scope, { ...target, values }), "invalid_input", relation.key);
    });
  }
  await step(`${key}: refuses a field it does not have`, async () => {
    const values = { ...(await fixtures.sampleValues(object, 0)), not_a_field_of_this_object: "x" };
    return expectRefusal(
      () => createCustomRecord(scope, { ...target, values }),
      "invalid_input",
      "not_a_field_of_this_object",
    );
  });

  if (created) {
    await step(`${key}: delete`, async () => {
      await deleteCustomRecord(scope, { ...target, id: recordId });
      await expectRefusal(() => getCustomRecord(tx, { ...target, id: recordId }), "not_found");
      await deleteCustomRecord(scope, { ...target, id: recordId });
      return "deleted, and deleting again succeeds";
    });
  }
  return checks;
}

/** The records the checks' values point at: the company's own where it has them, made in the rolled-back transaction otherwise. */
class Fixtures {
  private readonly ids = new Map<string, Promise<string>>();

  constructor(
    private readonly tx: TenantTransaction,
    private readonly companyId: string,
    private readonly access: CustomObjectAccess,
  ) {}

  /** After a check's savepoint rolled back: what it made is gone. */
  forget(): void {
    this.ids.clear();
  }

  /**
   * Values of every field, and of every relation a record can be pointed at: a required one always (a circle of
   * required relations fails the check, as no record could ever be made), an optional one unless it leads back
   * into the records being made (`chain`).
   */
  async sampleValues(
    object: CustomObjectDefinition,
    variant: 0 | 1,
    chain: readonly string[] = [object.key],
  ): Promise<Record<string, CustomValue>> {
    const values: Record<string, CustomValue> = {};
    for (const field of object.fields) values[field.key] = SAMPLES[field.type](field)[variant];
    for (const relation of object.relations) {
      if (chain.includes(relation.target)) {
        if (relation.required)
          throw new CheckFailed(
            `the required relations of ${chain.join(" → ")} → ${relation.target} go round in a circle: no record can be made`,
          );
        continue;
      }
      values[relation.key] = await this.idOf(relation.target, chain);
    }
    return values;
  }

  private idOf(target: string, chain: readonly string[]): Promise<string> {
    let id = this.ids.get(target);
    if (!id) {
      id = this.find(target, chain);
      this.ids.set(target, id);
    }
    return id;
  }

  private async find(target: string, chain: readonly string[]): Promise<string> {
    const { tx, companyId } = this;
    if (!isBuiltInTarget(target)) {
      const definition = await tx.customObjectDefinition.findFirst({
        where: { key: target, stage: { not: "rolled_back" } },
      });
      if (!definition) throw new CheckFailed(`there is no custom object ${target} to point at`);
      const values = await this.sampleValues(toDefinition(definition), 0, [...chain, target]);
      return (await createCustomRecord(silent(tx), { objectKey: target, access: this.access, values })).id;
    }
    switch (target) {
      case "customer":
        return (
          (await tx.customer.findFirst({ select: { id: true } })) ??
          (await tx.customer.create({
            data: {
              companyId,
              name: "Check customer",
              street: "",
              city: "",
              region: "",
              postcode: "",
            },
            select: { id: true },
          }))
        ).id;
      case "crew":
        return (
          (await tx.crew.findFirst({ select: { id: true } })) ??
          (await tx.crew.create({
            data: { companyId, name: "Check crew", color: "#64748b", skills: [] },
            select: { id: true },
          }))
        ).id;
      case "job":
        return (
          (await tx.job.findFirst({ select: { id: true } })) ??
          (await tx.job.create({
            data: { companyId, customerId: await this.idOf("customer", chain), number: -1, title: "Check job" },
            select: { id: true },
          }))
        ).id;
      case "visit":
        return (
          (await tx.visit.findFirst({ select: { id: true } })) ??
          (await tx.visit.create({ data: { companyId, jobId: await this.idOf("job", chain) }, select: { id: true } }))
        ).id;
      case "invoice":
        return (
          (await tx.invoice.findFirst({ select: { id: true } })) ??
          (await tx.invoice.create({
            data: { companyId, customerId: await this.idOf("customer", chain), number: -1, totalCents: 0 },
            select: { id: true },
          }))
        ).id;
      case "team_member": {
        // Someone of the company accepted the build: a team member is always there to point at.
        const member = await tx.user.findFirst({ where: { companyId }, select: { id: true } });
        if (!member) throw new CheckFailed("there is no team member to point at");
        return member.id;
      }
    }
  }
}
