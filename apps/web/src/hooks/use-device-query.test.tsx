// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearDevice } from "../lib/device-store";
import { queueFieldAction, waitingActions } from "../features/field-app/field-outbox";
import { useDeviceQuery } from "./use-device-query";

afterEach(async () => {
  cleanup();
  await clearDevice();
});

const queue = (userId: string, visitId: string) =>
  queueFieldAction({
    userId,
    action: { kind: "note", key: `note-${visitId}`, visitId, at: "2026-11-28T09:00:00.000Z", body: "Gate was open" },
    visitTitle: `Visit ${visitId}`,
    what: "A note",
  });

describe("a read of the device that follows its changes", () => {
  it("answers, then answers again when an action is queued or the device is cleared", async () => {
    const { result } = renderHook(() => useDeviceQuery("waiting:tech", () => waitingActions("tech")));
    await waitFor(() => expect(result.current).toEqual([]));
    await queue("tech", "v1");
    await waitFor(() => expect(result.current?.map((entry) => entry.action.visitId)).toEqual(["v1"]));
    await queue("tech", "v2");
    await waitFor(() => expect(result.current?.map((entry) => entry.action.visitId)).toEqual(["v1", "v2"]));
    await clearDevice();
    await waitFor(() => expect(result.current).toEqual([]));
  });

  it("reads what its new key names when the key changes", async () => {
    await queue("other", "v9");
    const { result, rerender } = renderHook(
      ({ userId }) => useDeviceQuery(`waiting:${userId}`, () => waitingActions(userId)),
      { initialProps: { userId: "tech" } },
    );
    await waitFor(() => expect(result.current).toEqual([]));
    rerender({ userId: "other" });
    await waitFor(() => expect(result.current?.map((entry) => entry.action.visitId)).toEqual(["v9"]));
  });
});
