import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { GOLDEN, LEARNING, type GoldenRow } from "@fieldops/domain/assistant/offline-planner/planner-golden";
import { HOLDOUT } from "@fieldops/domain/assistant/offline-planner/planner-holdout";
import { HOLDOUT_2 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-2";
import { HOLDOUT_3 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-3";
import { HOLDOUT_4 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-4";
import { HOLDOUT_5 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-5";
import { HOLDOUT_6 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-6";
import { HOLDOUT_7 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-7";
import { HOLDOUT_8 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-8";
import { HOLDOUT_9 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-9";
import { HOLDOUT_10 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-10";
import { HOLDOUT_11 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-11";
import { HOLDOUT_12 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-12";
import { HOLDOUT_13 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-13";
import { HOLDOUT_16 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-16";
import { HOLDOUT_17 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-17";
import { HOLDOUT_18 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-18";
import { HOLDOUT_19 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-19";
import { HOLDOUT_20 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-20";
import { HOLDOUT_21 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-21";
import { HOLDOUT_22 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-22";
import { HOLDOUT_24 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-24";
import { HOLDOUT_23 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-23";
import { HOLDOUT_25 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-25";
import { HOLDOUT_27 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-27";
import { HOLDOUT_28 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-28";
import { HOLDOUT_29 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-29";
import { HOLDOUT_14 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-14";
import { HOLDOUT_15 } from "@fieldops/domain/assistant/offline-planner/planner-holdout-15";
import { judgeRow as judge } from "@fieldops/domain/assistant/offline-planner/planner-judge";

/**
 * `npm run bench` (assistant understanding; alone: `npm run bench:understanding`): the offline planner over the
 * golden table (`packages/domain/src/assistant/offline-planner/planner-golden.ts`, 400+ phrasings an office types),
 * the share it gets right per intent and overall beside the goal of 95%, and each miss with what it gave instead. A
 * row is right when the outcome, its parameters and the reply's words are all the row's.
 */
const GOAL = 0.95;

/** Rows written by people who had not read the planner; when first measured: 89 of 120, then 72, 67, 70, 68, 65… of 100. */
const WRITTEN_BLIND = new Set<GoldenRow>([
  ...HOLDOUT,
  ...HOLDOUT_2,
  ...HOLDOUT_3,
  ...HOLDOUT_4,
  ...HOLDOUT_5,
  ...HOLDOUT_6,
  ...HOLDOUT_7,
  ...HOLDOUT_9,
  ...HOLDOUT_11,
  ...HOLDOUT_12,
  ...HOLDOUT_14,
  ...HOLDOUT_15,
  // Written blind on 2026-11-28 to the fourteenth's and fifteenth's briefs and held out until learned: 74 and 55 of 100
  // when written, before the fourteenth and fifteenth were learned; 77 and 62 before they were learned themselves.
  ...HOLDOUT_16,
  ...HOLDOUT_17,
  // Written blind on 2026-11-29 (messy typing, other trades and roles, a Monday-morning office), learned: 68, 69 and 70
  // of 100 when written; and the set being learned (the twenty-sixth, the end of the day and of the month: 65 of 100
  // when written).
  ...HOLDOUT_21,
  ...HOLDOUT_22,
  ...HOLDOUT_24,
  ...LEARNING,
]);
let blindRight = 0;

const started = performance.now();
const byIntent = new Map<string, { right: number; total: number }>();
const misses: string[] = [];
// The golden table, and the blind set being learned (its misses printed with the table's).
const MEASURED = [...GOLDEN, ...LEARNING];
for (const row of MEASURED) {
  const { right, got } = await judge(row);
  const tally = byIntent.get(row.intent) ?? { right: 0, total: 0 };
  tally.total += 1;
  if (right && WRITTEN_BLIND.has(row)) blindRight += 1;
  if (right) tally.right += 1;
  else
    misses.push(
      `  ${JSON.stringify(row.message)} (${row.options?.role ?? "owner"}) expected ${row.expected}, got ${got}`,
    );
  byIntent.set(row.intent, tally);
}
const elapsed = performance.now() - started;
const percent = (right: number, total: number) => `${((100 * right) / total).toFixed(1)}%`;

console.log(
  `\nAssistant understanding (offline planner over the golden table; ${cpus().length} cores, load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")})`,
);
for (const [intent, tally] of byIntent)
  console.log(
    `  ${intent.padEnd(34)} ${`${tally.right}/${tally.total}`.padStart(7)}  ${percent(tally.right, tally.total).padStart(6)}`,
  );
const right = [...byIntent.values()].reduce((sum, tally) => sum + tally.right, 0);
console.log(
  `  ${"overall".padEnd(34)} ${`${right}/${MEASURED.length}`.padStart(7)}  ${percent(right, MEASURED.length).padStart(6)}   goal ≥ ${GOAL * 100}%  ${right / MEASURED.length >= GOAL ? "met" : "NOT MET"}`,
);
console.log(
  `  ${"written blind (18 sets)".padEnd(34)} ${`${blindRight}/${WRITTEN_BLIND.size}`.padStart(7)}  ${percent(blindRight, WRITTEN_BLIND.size).padStart(6)}   when first measured: 89/120, 72, 67, 70, 68, 65, 63, 85, 78, 79, 72, 64, 74, 55, 68, 69, 70, 65 of 100 (1273/1820, 69.9%)`,
);
console.log(`  ${(elapsed / MEASURED.length).toFixed(2)} ms a message on average`);
if (misses.length > 0) console.log(`\nMisses:\n${misses.join("\n")}`);

// An eighth blind set (owners new to the app in several trades, asking in their own words), kept out of the golden
// table and never learned from: the measure of phrasings the planner has not seen (52 of 100 when written, before the
// card alternatives were marked). Its misses are not printed, so that reading the bench does not tune the planner on
// it. Its author could not see the read tools' names; another, who had not read the planner either, marked where the
// record's card also answers a question.
// A tenth, the ninth's twin (the same brief, an everyday office's mix in the issue's own words, written by the same
// author at the same time), held out the same way: 85 of 100 when written, like the ninth.
//
// On 2026-11-29 a helper worked through the misses of sets 8 to 27 below to find their general causes: those sets are no
// longer unseen, and their figures say what was learned, not how the planner reads what it has never met. The measure
// of that is the twenty-eighth and twenty-ninth, written blind the same day by two more helpers who read neither the
// planner nor any other set, and never tuned on: 83 and 74 of 100 when written (the planner then halfway through the
// day's work), 86 and 74 when it was done.
const heldOut: [string, GoldenRow[]][] = [
  ["held out: set 28 (first week, unseen)", HOLDOUT_28],
  ["held out: set 29 (busy season, unseen)", HOLDOUT_29],
  ["tuned on: set 8 (owners, own words)", HOLDOUT_8],
  ["tuned on: set 10 (office, the issue's)", HOLDOUT_10],
  // The twelfth's twin, in the same ten voices: 81 of 100 when written, after the twelfth was learned.
  ["tuned on: set 13 (ten voices)", HOLDOUT_13],
  // Two more, written blind on 2026-11-28 as the sixteenth's and seventeenth's twins (the same briefs, another author
  // who read neither the planner nor the other sets), held out the same way while the sixteenth and seventeenth were
  // learned.
  ["tuned on: set 18 (owners, own words)", HOLDOUT_18],
  ["tuned on: set 19 (ten voices)", HOLDOUT_19],
  // Written blind on 2026-11-29 by another author who read neither the planner nor the other sets, after the planner
  // learned to read a request by its parts: a busy week in five trades (89 of 100 when written). Its twin, the same mix
  // typed in a hurry (68 of 100), was learned the same day.
  ["tuned on: set 20 (five trades)", HOLDOUT_20],
  // Written blind on 2026-11-29 by another helper who read neither the planner nor the other sets: the other half of
  // the trades (home health, roofing, electrical, pools, windows and gutters, trees) in ten voices and every role (63
  // of 100 when written). Its twin, the twenty-second (69 of 100), was learned.
  ["tuned on: set 23 (other trades, roles)", HOLDOUT_23],
  // Written blind on 2026-11-29 by another helper who read neither the planner nor the other sets, the twenty-fourth's
  // twin (a Monday-morning office across all trades, in ten voices and every role): 61 of 100 when written.
  ["tuned on: set 25 (Monday office)", HOLDOUT_25],
  // The twenty-sixth's twin (the end of the day and of the month, by another helper who read neither the planner nor
  // the other sets): 62 of 100 when written.
  ["tuned on: set 27 (day and month end)", HOLDOUT_27],
];
console.log("");
for (const [label, rows] of heldOut) {
  let heldOutRight = 0;
  for (const row of rows) if ((await judge(row)).right) heldOutRight += 1;
  console.log(
    `  ${label.padEnd(40)} ${`${heldOutRight}/${rows.length}`.padStart(7)}  ${percent(heldOutRight, rows.length).padStart(6)}   goal ≥ ${GOAL * 100}%  ${heldOutRight / rows.length >= GOAL ? "met" : "NOT MET"}`,
  );
}
