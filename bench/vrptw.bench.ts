import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { solveModel } from "@fieldops/route-optimizer";
import { checkSolution } from "./vrptw/checker";
import { modelFromInstance } from "./vrptw/model-from-instance";
import { parseSolomon } from "./vrptw/solomon-parser";
import { formatReport, type InstanceResult } from "./vrptw/report";

interface Args {
  dirs: string[];
  seconds: number;
  out: string | null;
  objective: "distance" | "vehicles-then-distance";
  seed: number;
  filter: RegExp | null;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sharedData = resolve(repoRoot, "../shared/data/vrptw");

function parseArgs(argv: string[]): Args {
  const args: Args = {
    dirs: [],
    seconds: 1,
    out: null,
    objective: "distance",
    seed: 1,
    filter: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${flag}`);
    i++;
    if (flag === "--dir") args.dirs.push(resolve(value));
    else if (flag === "--seconds") args.seconds = Number(value);
    else if (flag === "--out") args.out = resolve(value);
    else if (flag === "--seed") args.seed = Number(value);
    else if (flag === "--filter") args.filter = new RegExp(value, "i");
    else if (flag === "--objective") {
      if (value !== "distance" && value !== "vehicles-then-distance") throw new Error(`unknown objective ${value}`);
      args.objective = value;
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (args.dirs.length === 0) args.dirs = [join(sharedData, "solomon"), join(sharedData, "homberger")];
  return args;
}

interface BksEntry {
  best_known_cost: number;
  solved_with_vehicles: number;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const bks = JSON.parse(readFileSync(join(sharedData, "BKS.json"), "utf8")) as Record<string, BksEntry>;
  const results: InstanceResult[] = [];
  const routesOut: Record<string, number[][]> = {};
  for (const dir of args.dirs) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".txt"))
      .sort();
    for (const file of files) {
      const inst = parseSolomon(readFileSync(join(dir, file), "utf8"));
      const name = inst.name || basename(file, ".txt");
      if (args.filter !== null && !args.filter.test(name)) continue;
      const model = modelFromInstance(inst, args.objective);
      const t0 = performance.now();
      const sol = solveModel(model, { seed: args.seed, timeLimitMs: args.seconds * 1000 });
      const seconds = (performance.now() - t0) / 1000;
      // Model visit i is customer line i+1 of the file.
      const routes = sol.routes.map((r) => r.nodes.filter((x) => x >= 0).map((x) => inst.nodes[x + 1]!.id));
      routesOut[name] = routes;
      const check = checkSolution(inst, routes);
      const ref = (args.objective === "distance" ? bks[`${name}_distance`] : undefined) ?? bks[name];
      const refKind = args.objective === "distance" && bks[`${name}_distance`] !== undefined ? "distance" : "hierarchical";
      results.push({
        name,
        customers: inst.nodes.length - 1,
        vehicles: check.vehicles,
        distance: check.distance,
        feasible: check.feasible && sol.unassigned.length === 0,
        errors: check.errors,
        bksDistance: ref?.best_known_cost ?? null,
        bksVehicles: ref?.solved_with_vehicles ?? null,
        bksKind: refKind,
        seconds,
        iterations: sol.iterations,
      });
      const last = results[results.length - 1]!;
      process.stderr.write(`${name}: ${last.vehicles} veh, ${last.distance.toFixed(2)} (${last.feasible ? "ok" : "INFEASIBLE"}), ${sol.iterations} it\n`);
    }
  }
  process.stdout.write(formatReport(results, args.seconds, args.objective));
  if (args.out !== null) {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, JSON.stringify(routesOut, null, 1));
  }
  if (results.some((r) => !r.feasible)) process.exitCode = 1;
}

main();
