import type { TenantTransaction } from "@fieldops/db";
import {
  customValuesProblem,
  customValuesSchema,
  type CustomObjectDefinition,
  type CustomValue,
} from "@fieldops/shared/custom-objects";
import { invalidInput } from "../errors.ts";
import { describeLinkTargets, linkKey, linksOf } from "./custom-record-links.ts";
import { recordLinks, recordSearchText } from "./custom-record-row.ts";

export interface StoredRecordValues {
  values: Record<string, CustomValue>;
  links: string[];
  searchText: string;
}

/**
 * The values to store for a new record (`current` absent) or a change to one: checked against the object's field
 * types (400 naming the field), every relation pointing at a record of this company. A null clears an optional value.
 */
export async function recordValuesToStore(
  tx: TenantTransaction,
  definition: CustomObjectDefinition,
  input: unknown,
  current?: Record<string, CustomValue>,
): Promise<StoredRecordValues> {
  const partial = current !== undefined;
  const problem = customValuesProblem(definition, input, { partial });
  if (problem) throw invalidInput(problem.message, problem.field);
  const given = customValuesSchema(definition, { partial }).parse(input) as Record<string, CustomValue | undefined>;
  const givenLinks = linksOf(definition, given);
  const found = await describeLinkTargets(tx, givenLinks);
  const missing = givenLinks.find((link) => !found.has(linkKey(link)));
  if (missing) {
    const label = definition.relations.find((relation) => relation.key === missing.key)?.label ?? missing.key;
    throw invalidInput(`${label}: no such ${missing.target} in this company`, missing.key);
  }
  const merged: Record<string, CustomValue | undefined> = { ...current, ...given };
  const values = Object.fromEntries(
    Object.entries(merged).filter(
      (entry): entry is [string, CustomValue] => entry[1] !== undefined && entry[1] !== null,
    ),
  );
  return { values, links: recordLinks(definition, values), searchText: recordSearchText(definition, values) };
}
