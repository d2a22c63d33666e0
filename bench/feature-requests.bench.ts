import { FEATURE_REQUEST_GOLDEN, GOLDEN_TRADES, goldenProblems } from "@fieldops/domain/builds/feature-request-golden";
import { parseFeatureRequest } from "@fieldops/domain/builds/parse-feature-request";

/**
 * `npm run bench` (feature requests section; alone: `npm run bench:feature-requests`): the 30 golden feature requests
 * across trades through the quote's parser, without a model, counting those that give a usable object (the object,
 * every expected field with its type and unit, a picker per record it points at, the section asked for), per trade
 * and overall beside the reference 30/30, with the time the parser took. Pure CPU: no database, no server.
 */
const REFERENCE = FEATURE_REQUEST_GOLDEN.length;

const outcomes = FEATURE_REQUEST_GOLDEN.map((golden) => {
  const started = performance.now();
  let problems: string[];
  try {
    problems = goldenProblems(parseFeatureRequest(golden.request), golden);
  } catch (error) {
    problems = [`refused: ${error instanceof Error ? error.message : String(error)}`];
  }
  return { golden, problems, ms: performance.now() - started };
});
const usable = outcomes.filter((outcome) => outcome.problems.length === 0).length;
const totalMs = outcomes.reduce((sum, outcome) => sum + outcome.ms, 0);

console.log(`\nfeature requests, offline parser: ${REFERENCE} golden requests across ${GOLDEN_TRADES.length} trades`);
for (const trade of GOLDEN_TRADES) {
  const ofTrade = outcomes.filter((outcome) => outcome.golden.trade === trade);
  const good = ofTrade.filter((outcome) => outcome.problems.length === 0).length;
  console.log(`  ${trade.padEnd(14)} ${good}/${ofTrade.length}`);
}
for (const outcome of outcomes.filter((candidate) => candidate.problems.length > 0))
  console.log(`  not usable: "${outcome.golden.request}": ${outcome.problems.join("; ")}`);
console.log(
  `  usable objects: ${usable}/${REFERENCE} (reference ${REFERENCE}/${REFERENCE}); parser ${totalMs.toFixed(1)} ms in all, ${(totalMs / REFERENCE).toFixed(2)} ms a request`,
);
