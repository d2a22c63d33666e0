import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { clearDevice, deviceUserFor, readDeviceCopy, readThroughDevice, rememberDeviceUser } from "./device-store";

const offline = () => Promise.reject(new TypeError("Failed to fetch"));

afterEach(async () => {
  await clearDevice();
});

describe("reading through the device", () => {
  it("answers from the server and keeps a copy, which stands in only when the server cannot be reached", async () => {
    expect(await readThroughDevice("field:visits", async () => ({ visits: 3 }))).toEqual({ visits: 3 });
    expect(await readThroughDevice("field:visits", offline)).toEqual({ visits: 3 });
    const refused = new ApiError(403, "Forbidden", "");
    await expect(readThroughDevice("field:visits", () => Promise.reject(refused))).rejects.toBe(refused);
  });

  it("fails as the read did when nothing was kept, unless the fallback knows", async () => {
    await expect(readThroughDevice("field:visit:1", offline)).rejects.toThrow("Failed to fetch");
    expect(await readThroughDevice("field:visit:1", offline, async () => ({ id: "1" }))).toEqual({ id: "1" });
  });
});

describe("who the device holds", () => {
  it("knows the user signed in with the same session only", async () => {
    await rememberDeviceUser({ id: "u1" }, "token-one");
    expect(await deviceUserFor("token-one")).toEqual({ id: "u1" });
    expect(await deviceUserFor("token-two")).toBeUndefined();
  });

  it("empties the device when another user signs in, and at sign-out", async () => {
    await rememberDeviceUser({ id: "u1" }, "token-one");
    await readThroughDevice("field:visits", async () => ["u1's day"]);
    await rememberDeviceUser({ id: "u1" }, "token-renewed");
    expect(await readDeviceCopy("field:visits")).toEqual(["u1's day"]);
    await rememberDeviceUser({ id: "u2" }, "token-three");
    expect(await readDeviceCopy("field:visits")).toBeUndefined();
    expect(await deviceUserFor("token-three")).toEqual({ id: "u2" });
    await clearDevice();
    expect(await deviceUserFor("token-three")).toBeUndefined();
  });
});
