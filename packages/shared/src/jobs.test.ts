import { describe, expect, it } from "vitest";
import { describeRecurrence, recurrenceRuleFor } from "./jobs";

describe("a job's repeat", () => {
  it("is written as the rule the product offers, with a count when it ends", () => {
    expect(recurrenceRuleFor("weekly", 26)).toBe("FREQ=WEEKLY;COUNT=26");
    expect(recurrenceRuleFor("every_2_weeks", 10)).toBe("FREQ=WEEKLY;INTERVAL=2;COUNT=10");
    expect(recurrenceRuleFor("monthly")).toBe("FREQ=MONTHLY");
  });

  it("reads in words when the product wrote it, and as it is when written by hand", () => {
    expect(describeRecurrence("FREQ=WEEKLY;COUNT=26")).toBe("Every week, 26 visits");
    expect(describeRecurrence("RRULE:FREQ=WEEKLY;INTERVAL=2")).toBe("Every 2 weeks");
    expect(describeRecurrence("FREQ=DAILY;COUNT=5")).toBe("Every day, 5 visits");
    expect(describeRecurrence("FREQ=WEEKLY;BYDAY=MO,TH")).toBe("FREQ=WEEKLY;BYDAY=MO,TH");
  });
});
