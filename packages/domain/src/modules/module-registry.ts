import { readdirSync } from "node:fs";
import { MODULE_IDS, type ModuleId } from "@fieldops/shared/modules";
import type { ModuleDefinition } from "./module-definition.ts";

/** A file of this folder that holds one module's handlers: `<module id>.module.ts` (`.js` once compiled). */
const MODULE_FILE = /^([a-z0-9-]+)\.module\.[jt]s$/;

function isModuleDefinition(value: unknown): value is ModuleDefinition<ModuleId> {
  return typeof value === "object" && value !== null && "id" in value && "run" in value;
}

/**
 * Each module's handlers, by id, from the `<id>.module.ts` files beside this one (`defineModule`); its label, plan
 * feature, policy and parameters are in `@fieldops/shared/modules`. A module of the catalog without its file, a file
 * the catalog does not list, or a file whose module has another id stops the process that loads this at its start.
 */
async function loadModules(): Promise<ReadonlyMap<ModuleId, ModuleDefinition<ModuleId>>> {
  const modules = new Map<ModuleId, ModuleDefinition<ModuleId>>();
  for (const file of readdirSync(new URL(".", import.meta.url))) {
    const id = MODULE_FILE.exec(file)?.[1];
    if (!id) continue;
    const exported = Object.values(await import(new URL(file, import.meta.url).href)).filter(isModuleDefinition);
    if (exported.length !== 1 || exported[0]!.id !== id)
      throw new Error(`${file} must export one module, defined with defineModule({ id: "${id}", ... })`);
    if (!(MODULE_IDS as readonly string[]).includes(id))
      throw new Error(`${file}: "${id}" is not in MODULE_CATALOG (@fieldops/shared/modules)`);
    modules.set(exported[0]!.id, exported[0]!);
  }
  const missing = MODULE_IDS.filter((id) => !modules.has(id));
  if (missing.length > 0) throw new Error(`No <id>.module.ts for the catalog's ${missing.join(", ")}`);
  return modules;
}

const MODULES = await loadModules();

/** The module's definition with its parameter type erased, for code that handles any run. */
export function moduleDefinition(moduleId: ModuleId): ModuleDefinition<ModuleId> {
  return MODULES.get(moduleId)!;
}
