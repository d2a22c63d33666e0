import { describe, expect, it } from "vitest";
import { measureScripts, VitalsReporter, type ScriptSizes } from "./web-vitals";

const noScripts: ScriptSizes = { bundleSize: 0, cacheHit: false, scripts: [] };

function reporter(scripts: ScriptSizes = noScripts) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const vitals = new VitalsReporter(
    (path, body) => sent.push({ path, body: { ...body } }),
    () => scripts,
    "Chromium",
  );
  return { vitals, sent };
}

describe("VitalsReporter", () => {
  it("sends nothing when no metric exists, and the vitals measured since the last report otherwise (INP as fid)", () => {
    const { vitals, sent } = reporter({
      bundleSize: 420_000,
      cacheHit: true,
      scripts: [{ fileName: "/assets/index.js", size: 420_000 }],
    });
    vitals.flush({ route: "/jobs", tenant: null });
    expect(sent).toEqual([]);
    vitals.record("TTFB", "t1", 80);
    vitals.record("LCP", "l1", 900);
    vitals.record("INP", "i1", 40);
    vitals.record("FCP", "f1", 500);
    vitals.flush({ route: "/jobs/42", tenant: "green-valley" });
    expect(sent).toEqual([
      {
        path: "/api/brain/telemetry/performance",
        body: {
          ttfb: 80,
          lcp: 900,
          fid: 40,
          route: "/jobs/:id",
          tenant: "green-valley",
          bundleSize: 420_000,
          cacheHit: true,
          timestamp: expect.any(Number),
        },
      },
    ]);
    vitals.flush({ route: "/crews", tenant: null });
    expect(sent).toHaveLength(1);
    vitals.record("CLS", "c1", 0.02);
    vitals.flush({ route: "/crews", tenant: null });
    expect(sent[1]!.body).toMatchObject({ cls: 0.02, route: "/crews" });
    expect(sent[1]!.body).not.toHaveProperty("ttfb");
  });

  it("alerts once per metric past its threshold, and once per script past the bundle limit", () => {
    const { vitals, sent } = reporter({
      bundleSize: 1_500_000,
      cacheHit: false,
      scripts: [
        { fileName: "/assets/big.js", size: 1_200_000 },
        { fileName: "/assets/small.js", size: 300_000 },
      ],
    });
    vitals.context = { route: "/schedule", tenant: "acme-plumbing" };
    vitals.record("LCP", "l1", 2500);
    vitals.record("LCP", "l1", 2600);
    vitals.record("LCP", "l1", 3000);
    vitals.record("CLS", "c1", 0.25);
    vitals.flush();
    vitals.flush();
    const alerts = sent.filter((entry) => entry.path !== "/api/brain/telemetry/performance");
    expect(alerts).toEqual([
      {
        path: "/api/brain/telemetry/alert",
        body: {
          type: "performance_threshold_exceeded",
          metric: "lcp",
          value: 2600,
          threshold: 2500,
          route: "/schedule",
          tenant: "acme-plumbing",
          timestamp: expect.any(Number),
          userAgent: "Chromium",
        },
      },
      {
        path: "/api/brain/telemetry/alert",
        body: expect.objectContaining({ metric: "cls", value: 0.25, threshold: 0.1 }),
      },
      {
        path: "/api/brain/telemetry/bundle-alert",
        body: {
          type: "bundle_size_exceeded",
          fileName: "/assets/big.js",
          size: 1_200_000,
          sizeMB: 1.2,
          route: "/schedule",
          timestamp: expect.any(Number),
        },
      },
    ]);
  });
});

describe("measureScripts", () => {
  const entry = (name: string, initiatorType: string, decodedBodySize: number, transferSize: number) =>
    ({ name, initiatorType, decodedBodySize, transferSize }) as PerformanceResourceTiming;

  it("sums the scripts, says whether all came from the cache, and leaves other resources out", () => {
    const measured = measureScripts([
      entry("http://app.test/assets/index-a1.js", "script", 700_000, 0),
      entry("http://app.test/assets/chunk-b2.js", "other", 100_000, 0),
      entry("http://app.test/assets/index.css", "link", 50_000, 50_300),
    ]);
    expect(measured).toEqual({
      bundleSize: 800_000,
      cacheHit: true,
      scripts: [
        { fileName: "/assets/index-a1.js", size: 700_000 },
        { fileName: "/assets/chunk-b2.js", size: 100_000 },
      ],
    });
    expect(measureScripts([entry("http://app.test/a.js", "script", 10, 300)]).cacheHit).toBe(false);
    expect(measureScripts([]).cacheHit).toBe(false);
  });
});
