import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import {
  BUNDLE_ALERT_TYPE,
  exceededThresholds,
  isBundleTooLarge,
  normalizeRoute,
  PERFORMANCE_ALERT_TYPE,
  type BundleAlert,
  type PerformanceAlert,
  type PerformanceReport,
  type VitalName,
  telemetryEndpoints,
} from "@fieldops/shared/telemetry";
import { postInBackground } from "../../lib/api";

/** Where the user is: the route the vitals are reported under, and its tenant. */
export interface VitalsContext {
  route: string;
  tenant: string | null;
}

/** INP is the interaction metric the browser now measures; it is sent in the `fid` field. */
const FIELD_OF: Partial<Record<Metric["name"], VitalName>> = { TTFB: "ttfb", LCP: "lcp", INP: "fid", CLS: "cls" };

/** The scripts the page loaded: their total size, whether all came from the cache, and each one's path and size. */
export interface ScriptSizes {
  bundleSize: number;
  cacheHit: boolean;
  scripts: { fileName: string; size: number }[];
}

function isScript(entry: PerformanceResourceTiming): boolean {
  return entry.initiatorType === "script" || /\.m?js(?:\?|$)/.test(entry.name);
}

export function measureScripts(entries: readonly PerformanceResourceTiming[]): ScriptSizes {
  const scripts = entries.filter(isScript);
  return {
    bundleSize: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    cacheHit: scripts.length > 0 && scripts.every((entry) => entry.transferSize === 0 && entry.decodedBodySize > 0),
    scripts: scripts.map((entry) => ({
      fileName: new URL(entry.name, "http://x").pathname,
      size: entry.decodedBodySize,
    })),
  };
}

/** The transport of the reports; the browser's keepalive POST outside tests. */
export type TelemetrySend = (path: string, body: PerformanceReport | PerformanceAlert | BundleAlert) => void;

/**
 * Collects the page's web vitals as the web-vitals library reports them and sends them, per route: `flush` sends
 * what was measured since the last report (nothing when no metric exists). A vital past its threshold and a script
 * past the bundle size limit raise an alert, once each per page load.
 */
export class VitalsReporter {
  private pending: Partial<Record<VitalName, number>> = {};
  private readonly alerted = new Set<string>();
  context: VitalsContext = { route: "/", tenant: null };

  constructor(
    private readonly send: TelemetrySend,
    private readonly scripts: () => ScriptSizes,
    private readonly userAgent: string,
  ) {}

  record(name: Metric["name"], id: string, value: number): void {
    const field = FIELD_OF[name];
    if (!field) return;
    this.pending[field] = value;
    for (const exceeded of exceededThresholds({ [field]: value })) {
      if (this.alerted.has(id)) continue;
      this.alerted.add(id);
      this.send(telemetryEndpoints.alert.path, {
        type: PERFORMANCE_ALERT_TYPE,
        ...exceeded,
        route: normalizeRoute(this.context.route),
        tenant: this.context.tenant,
        timestamp: Date.now(),
        userAgent: this.userAgent.slice(0, 512),
      });
    }
  }

  /** Sends the vitals measured on `context`'s route, then the alerts of scripts loaded since. */
  flush(context: VitalsContext = this.context): void {
    const sizes = this.scripts();
    const route = normalizeRoute(context.route);
    for (const script of sizes.scripts) {
      if (!isBundleTooLarge(script.size) || this.alerted.has(script.fileName)) continue;
      this.alerted.add(script.fileName);
      this.send(telemetryEndpoints.bundleAlert.path, {
        type: BUNDLE_ALERT_TYPE,
        fileName: script.fileName,
        size: script.size,
        sizeMB: Math.round((script.size / 1_000_000) * 100) / 100,
        route,
        timestamp: Date.now(),
      });
    }
    if (Object.keys(this.pending).length === 0) return;
    this.send(telemetryEndpoints.performance.path, {
      ...this.pending,
      route,
      tenant: context.tenant,
      bundleSize: sizes.bundleSize,
      cacheHit: sizes.cacheHit,
      timestamp: Date.now(),
    });
    this.pending = {};
  }
}

let reporter: VitalsReporter | null = null;

/** The page's one reporter, measuring from the first call on: the web-vitals observers, page hide and unload. */
export function webVitals(): VitalsReporter {
  if (reporter) return reporter;
  const started = new VitalsReporter(
    postInBackground,
    () => measureScripts(performance.getEntriesByType("resource") as PerformanceResourceTiming[]),
    navigator.userAgent,
  );
  const record = (metric: Metric) => started.record(metric.name, metric.id, metric.value);
  const options = { reportAllChanges: true };
  onTTFB(record, options);
  onLCP(record, options);
  onINP(record, options);
  onCLS(record, options);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") started.flush();
  });
  window.addEventListener("pagehide", () => started.flush());
  reporter = started;
  return started;
}
