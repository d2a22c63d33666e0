import { describe, expect, it } from "vitest";
import { MAX_CONCURRENT_HASHES, hashPassword, hashingSlots, verifyPassword } from "./passwords.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("password hashing", () => {
  it("runs at most MAX_CONCURRENT_HASHES at once; the others wait their turn", async () => {
    // The module's own placeholder hash runs at import; let it finish first.
    await verifyPassword(null, "warm-up");
    expect(hashingSlots.activeCount).toBe(0);
    const gates: (() => void)[] = [];
    const held = Array.from({ length: MAX_CONCURRENT_HASHES + 3 }, () =>
      hashingSlots(() => new Promise<void>((resolve) => gates.push(resolve))),
    );
    await tick();
    expect(hashingSlots.activeCount).toBe(MAX_CONCURRENT_HASHES);
    expect(hashingSlots.pendingCount).toBe(3);
    gates.shift()!();
    await tick();
    expect(hashingSlots.activeCount).toBe(MAX_CONCURRENT_HASHES);
    expect(hashingSlots.pendingCount).toBe(2);
    while (gates.length > 0 || hashingSlots.activeCount > 0) {
      gates.splice(0).forEach((open) => open());
      await tick();
    }
    await Promise.all(held);
  });

  it("hashes and verifies through the slots", async () => {
    const hashes = await Promise.all(["first-password", "second-password", "third-password"].map(hashPassword));
    expect(await verifyPassword(hashes[1]!, "second-password")).toBe(true);
    expect(await verifyPassword(hashes[1]!, "first-password")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
  });
});
