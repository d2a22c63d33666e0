import type { BuildStatus } from "@fieldops/shared/builds";
import type { AppEvent } from "@fieldops/shared/events";

/** A build a request changed (accepted, promoted, retried, rolled back); its stages announce themselves as they run. */
export function buildChanged(build: { id: string; status: BuildStatus }): AppEvent[] {
  return [
    {
      name: "build.updated",
      payload: { buildId: build.id, status: build.status, stage: null, stageStatus: null, line: null },
    },
  ];
}

/** The company's custom objects changed with this build (here: rolled back). */
export function customObjectsChanged(buildId: string): AppEvent[] {
  return [{ name: "custom_objects.changed", payload: { buildId } }];
}
