import { describe, expect, it } from "vitest";
import { canTransitionVisit, VISIT_TRANSITIONS, visitStatusSchema } from "./visit-lifecycle";

describe("the visit lifecycle", () => {
  it("allows exactly the table's moves", () => {
    const allowed = visitStatusSchema.options.flatMap((from) =>
      visitStatusSchema.options.filter((to) => canTransitionVisit(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      "unscheduled->scheduled",
      "unscheduled->canceled",
      "scheduled->unscheduled",
      "scheduled->dispatched",
      "scheduled->in_progress",
      "scheduled->canceled",
      "dispatched->scheduled",
      "dispatched->in_progress",
      "dispatched->canceled",
      "in_progress->completed",
      "in_progress->canceled",
      "canceled->unscheduled",
    ]);
  });

  it("never moves a visit to the status it has, and completed is final", () => {
    for (const status of visitStatusSchema.options) expect(canTransitionVisit(status, status)).toBe(false);
    expect(VISIT_TRANSITIONS.completed).toEqual([]);
  });
});
