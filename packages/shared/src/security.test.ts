import { describe, expect, it } from "vitest";
import { describeDevice } from "./security";
import { invitationLink, invitationTokenFromHash } from "./team";
import { TIME_ZONES, timeZoneSchema, hexColorSchema } from "./company-settings";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
      "Chrome on iPhone",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0", "Firefox on Linux"],
    ["curl/8.5.0", "curl"],
    [null, "Unknown device"],
    ["", "Unknown device"],
  ])("%s is %s", (agent, device) => {
    expect(describeDevice(agent)).toBe(device);
  });
});

describe("invitation links", () => {
  it("carry the token in the fragment, which the page reads back", () => {
    const token = "abcDEF0123456789_-abcDEF0123456789_-abcde";
    const link = invitationLink("https://app.example", token);
    expect(link).toBe(`https://app.example/signup#invite=${token}`);
    expect(invitationTokenFromHash(new URL(link).hash)).toBe(token);
    expect(invitationTokenFromHash("#invite=short")).toBeNull();
    expect(invitationTokenFromHash("#other=abcDEF0123456789_-abcDEF")).toBeNull();
  });
});

describe("company settings rules", () => {
  it("accepts IANA time zones only, and colours as #rrggbb", () => {
    expect(TIME_ZONES).toContain("America/Denver");
    expect(timeZoneSchema.safeParse("UTC").success).toBe(true);
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    expect(hexColorSchema.parse("#AbCdEf")).toBe("#abcdef");
    expect(hexColorSchema.safeParse("#abc").success).toBe(false);
    expect(hexColorSchema.safeParse("red").success).toBe(false);
  });
});
