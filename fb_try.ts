import { parseFeatureRequest } from "./packages/domain/src/builds/parse-feature-request.ts";
for (const d of process.argv.slice(2)) {
  try { console.log(JSON.stringify(parseFeatureRequest(d).entities, null, 0)); } catch (e) { console.log("ERR", (e as Error).message); }
}
