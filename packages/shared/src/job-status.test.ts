import { describe, expect, it } from "vitest";
import { dayInTimeZone, startOfMonthInTimeZone, zonedWallClockToUtc } from "./company-time";
import { deriveJobStatus, type JobStatusInput } from "./job-status";

const tz = "America/Denver";
// 2026-11-25 20:00 in Denver (UTC-7) is 2026-11-26 03:00 UTC: "today" is the 25th there, the 26th in UTC.
const now = new Date("2026-11-26T03:00:00Z");
const job = (visits: JobStatusInput["visits"], extra: Partial<JobStatusInput> = {}): JobStatusInput => ({
  closedAt: null,
  invoicedAt: null,
  visits,
  ...extra,
});
const at = (iso: string) => new Date(iso);

describe("deriveJobStatus", () => {
  it("is closed once closed, whatever its visits", () => {
    expect(
      deriveJobStatus(
        job([{ status: "scheduled", scheduledStart: at("2026-11-01T15:00:00Z") }], { closedAt: now }),
        now,
        tz,
      ),
    ).toBe("closed");
  });

  it("is late when open work was scheduled on an earlier day of the company's calendar", () => {
    expect(deriveJobStatus(job([{ status: "dispatched", scheduledStart: at("2026-11-24T16:00:00Z") }]), now, tz)).toBe(
      "late",
    );
  });

  it("is today for work scheduled today in the company's time zone, though it is tomorrow in UTC", () => {
    expect(deriveJobStatus(job([{ status: "scheduled", scheduledStart: at("2026-11-25T16:00:00Z") }]), now, tz)).toBe(
      "today",
    );
    expect(deriveJobStatus(job([{ status: "in_progress", scheduledStart: at("2026-11-20T16:00:00Z") }]), now, tz)).toBe(
      "today",
    );
  });

  it("is upcoming when open work lies on a later day", () => {
    expect(
      deriveJobStatus(
        job([
          { status: "scheduled", scheduledStart: at("2026-11-26T16:00:00Z") },
          { status: "completed", scheduledStart: at("2026-11-20T16:00:00Z") },
        ]),
        now,
        tz,
      ),
    ).toBe("upcoming");
  });

  it("is unscheduled when a visit waits for a time, or there is none", () => {
    expect(
      deriveJobStatus(
        job([
          { status: "unscheduled", scheduledStart: null },
          { status: "scheduled", scheduledStart: at("2026-12-01T16:00:00Z") },
        ]),
        now,
        tz,
      ),
    ).toBe("unscheduled");
    expect(deriveJobStatus(job([]), now, tz)).toBe("unscheduled");
  });

  it("requires invoicing when all work is done and some completed, until invoiced", () => {
    const done = [
      { status: "completed" as const, scheduledStart: at("2026-11-20T16:00:00Z") },
      { status: "canceled" as const, scheduledStart: null },
    ];
    expect(deriveJobStatus(job(done), now, tz)).toBe("requires_invoicing");
    expect(deriveJobStatus(job(done, { invoicedAt: now }), now, tz)).toBe("closed");
  });

  it("is closed when every visit was canceled", () => {
    expect(deriveJobStatus(job([{ status: "canceled", scheduledStart: null }]), now, tz)).toBe("closed");
  });
});

describe("company calendar helpers", () => {
  it("finds the day and the month's start in the company's zone", () => {
    expect(dayInTimeZone(now, tz)).toBe("2026-11-25");
    expect(startOfMonthInTimeZone(at("2026-12-01T03:00:00Z"), tz).toISOString()).toBe("2026-11-01T06:00:00.000Z");
  });

  it("turns a wall-clock time into the moment, on both sides of a daylight-saving change", () => {
    expect(zonedWallClockToUtc(Date.UTC(2026, 2, 7, 9), tz).toISOString()).toBe("2026-03-07T16:00:00.000Z");
    expect(zonedWallClockToUtc(Date.UTC(2026, 2, 9, 9), tz).toISOString()).toBe("2026-03-09T15:00:00.000Z");
  });
});
