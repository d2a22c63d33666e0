import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ErrorCapturingSqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";

export type { SchemaEngine } from "@prisma/schema-engine-wasm";

/** The part of the WebAssembly API used here; Node has it, but its types come with the DOM library only. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
  RuntimeError: new (...args: never[]) => Error;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

// The package's entry does `import * as wasm from "./schema_engine_bg.wasm"`, which Node 20 cannot load, so the
// module is compiled and wired to its JS glue by hand, once per process.
let started = false;
const panics = {
  message: "",
  set_message(message: string) {
    this.message = message;
  },
};

function startWasm(): void {
  if (started) return;
  const require = createRequire(import.meta.url);
  // The package exports only its JS entry points; the .wasm file sits next to them.
  const wasmPath = join(dirname(require.resolve("@prisma/schema-engine-wasm")), "schema_engine_bg.wasm");
  const module = new WebAssemblyApi.Module(readFileSync(wasmPath));
  const instance = new WebAssemblyApi.Instance(module, {
    "./schema_engine_bg.js": bindings as unknown as Record<string, unknown>,
  });
  bindings.__wbg_set_wasm(instance.exports);
  // The glue reports Rust panics through this global before throwing a RuntimeError.
  Object.assign(globalThis, { PRISMA_WASM_PANIC_REGISTRY: panics });
  (instance.exports.__wbindgen_start as () => void)();
  started = true;
}

/** Opens a WASM schema engine over the given adapter. Call `engine.free()` when done. */
export async function openSchemaEngine(
  adapter: ErrorCapturingSqlMigrationAwareDriverAdapterFactory,
  log: (line: string) => void = () => {},
): Promise<SchemaEngine> {
  startWasm();
  return await runEngine(() => bindings.SchemaEngine.new({ datamodels: undefined }, log, adapter));
}

/** Runs an engine command; its errors are plain objects or bare Errors, so they are made into readable Errors. */
export async function runEngine<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw engineError(error);
  }
}

function engineError(error: unknown): Error {
  if (error instanceof WebAssemblyApi.RuntimeError) {
    // After a panic the instance's memory may be corrupt: the process should not use the engine again.
    return new Error(`schema engine panicked: ${panics.message || error.message}`, { cause: error });
  }
  if (error instanceof Error) {
    const code = "code" in error && error.code !== undefined ? `${String(error.code)}: ` : "";
    return new Error(`schema engine: ${code}${error.message}`, { cause: error });
  }
  return new Error(`schema engine: ${JSON.stringify(error)}`);
}
