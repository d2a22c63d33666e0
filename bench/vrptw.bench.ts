import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { searchTuningSchema, solveModel, type SearchTuning } from "@fieldops/route-optimizer";
import { z } from "zod";
import { checkSolution } from "./vrptw/checker";
import { generateInstance } from "./vrptw/generate-instance";
import { modelFromInstance } from "./vrptw/model-from-instance";
import { ARC_CONVENTIONS, parseSolomon, type ArcConvention, type SolomonInstance } from "./vrptw/solomon-parser";
import { formatReport, type InstanceResult } from "./vrptw/report";

/**
 * `npm run bench:vrptw -- [--dir D]... [--seconds 1,10,60] [--jobs 2] [--filter RE] [--objective distance|vehicles-then-distance]
 * [--arcs full|truncated] [--seed N] [--growth 100,1000,5000|none] [--growth-seconds 5] [--search name=value,...] [--out routes.json]`
 *
 * Solves every Solomon / Gehring & Homberger file of the directories (the shared sets by default) once per budget, each
 * instance on one thread; `--jobs` runs that many instances at once in separate processes. Every solution goes through
 * the independent checker. `--growth` then runs generated instances of those sizes and prints iterations per second.
 * `--arcs truncated` solves and checks under the DIMACS 2021 rule (every arc's distance and travel time truncated to one
 * decimal), the rule the 1000-customer distance-only references and PyVRP's published figures were computed under.
 */
interface Args {
  dirs: string[];
  seconds: number[];
  out: string | null;
  objective: "distance" | "vehicles-then-distance";
  arcs: ArcConvention;
  seed: number;
  filter: RegExp | null;
  jobs: number;
  /** Internal: this process solves instance k of every `count`, printing one JSON result per line. */
  shard: { index: number; count: number } | null;
  growth: number[];
  growthSeconds: number;
  /** Search settings to try (`--search startTemperature=1,params.routeRemovalRate=0.05`), for tuning. */
  search: SearchTuning;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sharedData = resolve(repoRoot, "../shared/data/vrptw");
const numbers = (value: string) => value.split(",").map((x) => Number(x));

function parseArgs(argv: string[]): Args {
  const args: Args = {
    dirs: [],
    seconds: [1],
    out: null,
    objective: "distance",
    arcs: "full",
    seed: 1,
    filter: null,
    jobs: 1,
    shard: null,
    growth: [100, 1000, 5000],
    growthSeconds: 5,
    search: {},
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${flag}`);
    i++;
    if (flag === "--dir") args.dirs.push(resolve(value));
    else if (flag === "--seconds") args.seconds = numbers(value);
    else if (flag === "--out") args.out = resolve(value);
    else if (flag === "--seed") args.seed = Number(value);
    else if (flag === "--filter") args.filter = new RegExp(value, "i");
    else if (flag === "--jobs") args.jobs = Math.max(1, Number(value));
    else if (flag === "--growth") args.growth = value === "none" ? [] : numbers(value);
    else if (flag === "--growth-seconds") args.growthSeconds = Number(value);
    else if (flag === "--search")
      args.search = searchOptions(
        Object.fromEntries(value.split(",").map((pair) => [pair.split("=")[0]!, Number(pair.split("=")[1])])),
      );
    else if (flag === "--shard") {
      const [index, count] = value.split("/").map(Number);
      args.shard = { index: index!, count: count! };
    } else if (flag === "--objective") {
      if (value !== "distance" && value !== "vehicles-then-distance") throw new Error(`unknown objective ${value}`);
      args.objective = value;
    } else if (flag === "--arcs") {
      const arcs = ARC_CONVENTIONS.find((a) => a === value);
      if (arcs === undefined) throw new Error(`--arcs takes ${ARC_CONVENTIONS.join(" or ")}, not ${value}`);
      args.arcs = arcs;
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (args.seconds.some((s) => !(s > 0))) throw new Error("--seconds takes positive numbers");
  if (args.dirs.length === 0) args.dirs = [join(sharedData, "solomon"), join(sharedData, "homberger")];
  return args;
}

interface Reference {
  best_known_cost: number;
  vehicles: number;
  kind: "distance" | "hierarchical";
  arcs: "full" | "truncated";
}

/**
 * The best known solution to compare with: for the distance objective the distance-only one (the DIMACS references of
 * the 1000-customer set sum arcs truncated to one decimal), else the hierarchical one.
 */
function referencesFor(objective: Args["objective"]): (name: string) => Reference | null {
  const bks = JSON.parse(readFileSync(join(sharedData, "BKS.json"), "utf8")) as Record<
    string,
    { best_known_cost: number; solved_with_vehicles: number }
  >;
  const dimacs = JSON.parse(readFileSync(join(sharedData, "BKS-distance-1000.json"), "utf8")) as Record<
    string,
    { best_known_cost: number; vehicles_used: number }
  >;
  return (name) => {
    const truncated = dimacs[name.toLowerCase()];
    if (objective === "distance" && truncated)
      return {
        best_known_cost: truncated.best_known_cost,
        vehicles: truncated.vehicles_used,
        kind: "distance",
        arcs: "truncated",
      };
    const entry = (objective === "distance" ? bks[`${name}_distance`] : undefined) ?? bks[name];
    if (!entry) return null;
    const kind = objective === "distance" && bks[`${name}_distance`] !== undefined ? "distance" : "hierarchical";
    return { best_known_cost: entry.best_known_cost, vehicles: entry.solved_with_vehicles, kind, arcs: "full" };
  };
}

function instancesOf(args: Args): { name: string; file: string }[] {
  return args.dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".txt"))
      .sort()
      .map((f) => ({ file: join(dir, f), name: basename(f, ".txt") }))
      .filter(({ name }) => args.filter === null || args.filter.test(name)),
  );
}

/** `--search` settings as search options; `params.name` sets a ruin-and-recreate parameter. A misspelt name is an error. */
function searchOptions(settings: Record<string, number>): SearchTuning {
  const options: Record<string, unknown> = {};
  const params: Record<string, number> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key.startsWith("params.")) params[key.slice("params.".length)] = value;
    else options[key] = value;
  }
  if (Object.keys(params).length > 0) options.params = params;
  const parsed = searchTuningSchema.safeParse(options);
  if (!parsed.success) throw new Error(`--search: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function solveInstance(
  inst: SolomonInstance,
  args: Args,
  seconds: number,
  reference: Reference | null,
): { result: InstanceResult; routes: number[][] } {
  const model = modelFromInstance(inst, args.objective, args.arcs);
  const t0 = performance.now();
  const sol = solveModel(model, { ...args.search, seed: args.seed, timeLimitMs: seconds * 1000 });
  const elapsed = (performance.now() - t0) / 1000;
  // Model visit i is customer line i+1 of the file.
  const routes = sol.routes.map((r) => r.nodes.filter((x) => x >= 0).map((x) => inst.nodes[x + 1]!.id));
  const check = checkSolution(inst, routes, args.arcs);
  const result: InstanceResult = {
    name: inst.name || "instance",
    customers: inst.nodes.length - 1,
    vehicles: check.vehicles,
    distance: check.distance,
    truncatedDistance: check.truncatedDistance,
    feasible: check.feasible && sol.unassigned.length === 0,
    errors: check.errors,
    bksDistance: reference?.best_known_cost ?? null,
    bksVehicles: reference?.vehicles ?? null,
    bksKind: reference?.kind ?? "distance",
    bksArcs: reference?.arcs ?? "full",
    seconds: elapsed,
    iterations: sol.iterations,
  };
  return { result, routes };
}

interface ShardLine {
  result: InstanceResult;
  routes: number[][];
}

/** Solves this shard's instances at one budget, one JSON line each. */
function runShard(args: Args): void {
  const shard = args.shard!;
  const reference = referencesFor(args.objective);
  instancesOf(args).forEach(({ file, name }, index) => {
    if (index % shard.count !== shard.index) return;
    const inst = parseSolomon(readFileSync(file, "utf8"));
    const solved = solveInstance(inst, args, args.seconds[0]!, reference(inst.name || name));
    process.stdout.write(`${JSON.stringify(solved satisfies ShardLine)}\n`);
  });
}

/** Runs `jobs` shard processes for one budget and gathers their results in the instances' order. */
async function runBudget(args: Args, seconds: number): Promise<ShardLine[]> {
  const script = fileURLToPath(import.meta.url);
  // Flags and values come in pairs; the shard gets them all but the ones that are the parent's.
  const argv = process.argv.slice(2);
  const passOn = argv.flatMap((flag, i) =>
    i % 2 === 0 && !["--seconds", "--jobs", "--out", "--growth"].includes(flag) ? [flag, argv[i + 1]!] : [],
  );
  const shards = await Promise.all(
    Array.from(
      { length: args.jobs },
      (_, index) =>
        new Promise<ShardLine[]>((resolvePromise, reject) => {
          const child = spawn(
            process.execPath,
            [...process.execArgv, script, ...passOn, "--seconds", String(seconds), "--shard", `${index}/${args.jobs}`],
            { stdio: ["ignore", "pipe", "inherit"] },
          );
          let output = "";
          const collected: ShardLine[] = [];
          child.stdout.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            const lines = output.split("\n");
            output = lines.pop()!;
            for (const line of lines) {
              const solved = JSON.parse(line) as ShardLine;
              const { result } = solved;
              process.stderr.write(
                `${result.name} (${seconds} s): ${result.vehicles} veh, ${result.distance.toFixed(2)} (${result.feasible ? "ok" : "INFEASIBLE"}), ${result.iterations} it\n`,
              );
              collected.push(solved);
            }
          });
          child.on("error", reject);
          child.on("exit", (code) =>
            code === 0 ? resolvePromise(collected) : reject(new Error(`shard ${index} exited with ${code}`)),
          );
        }),
    ),
  );
  const order = new Map(instancesOf(args).map(({ name }, i) => [name.toLowerCase(), i]));
  return shards
    .flat()
    .sort((a, b) => (order.get(a.result.name.toLowerCase()) ?? 0) - (order.get(b.result.name.toLowerCase()) ?? 0));
}

/** Iterations per second on generated instances of growing size, so that the cost of one iteration can be seen. */
function runGrowth(args: Args): string {
  const lines = [
    "",
    `Growth: generated instances (R1 style), ${args.growthSeconds} s each, one thread, objective ${args.objective}`,
    "",
  ];
  lines.push(
    `${"visits".padStart(7)} ${"model s".padStart(8)} ${"iterations".padStart(11)} ${"it/s".padStart(9)} ${"µs/it".padStart(8)} ${"vs 100".padStart(7)} ${"veh".padStart(5)} feasible`,
  );
  let base: number | null = null;
  for (const size of args.growth) {
    const inst = generateInstance(size, args.seed);
    const t0 = performance.now();
    const model = modelFromInstance(inst, args.objective);
    const modelSeconds = (performance.now() - t0) / 1000;
    const sol = solveModel(model, { seed: args.seed, timeLimitMs: args.growthSeconds * 1000 });
    const rate = sol.iterations / (sol.elapsedMs / 1000);
    base ??= rate;
    const routes = sol.routes.map((r) => r.nodes.filter((x) => x >= 0).map((x) => inst.nodes[x + 1]!.id));
    const check = checkSolution(inst, routes);
    lines.push(
      `${String(size).padStart(7)} ${modelSeconds.toFixed(2).padStart(8)} ${String(sol.iterations).padStart(11)} ${rate.toFixed(0).padStart(9)} ${(1e6 / rate).toFixed(1).padStart(8)} ${(base / rate).toFixed(2).padStart(7)} ${String(check.vehicles).padStart(5)} ${check.feasible && sol.unassigned.length === 0 ? "yes" : "NO"}`,
    );
  }
  lines.push(
    "",
    "An iteration ruins about ten visits and puts them back: its work does not grow with the instance, so µs/it shows the overhead of size.",
  );
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.shard) return runShard(args);
  const load = loadavg();
  process.stdout.write(
    `machine: load average ${load.map((x) => x.toFixed(2)).join(" ")} at start, ${args.jobs} instance(s) at once\n\n`,
  );
  let infeasible = false;
  const routesOut: Record<string, Record<string, number[][]>> = {};
  for (const seconds of args.seconds) {
    const solved = await runBudget(args, seconds);
    process.stdout.write(
      formatReport(
        solved.map((s) => s.result),
        seconds,
        args.objective,
        args.arcs,
      ),
    );
    process.stdout.write(
      `load average at the end of this budget: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}\n\n`,
    );
    infeasible ||= solved.some((s) => !s.result.feasible);
    routesOut[`${seconds}s`] = Object.fromEntries(solved.map((s) => [s.result.name, s.routes]));
  }
  if (args.growth.length > 0) process.stdout.write(runGrowth(args));
  if (args.out !== null) {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, JSON.stringify(routesOut, null, 1));
  }
  if (infeasible) process.exitCode = 1;
}

await main();
