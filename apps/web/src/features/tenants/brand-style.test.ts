import { describe, expect, it } from "vitest";
import { brandStyle, readableOn } from "./brand-style";

describe("brandStyle", () => {
  it("sets the tenant's colour and a readable foreground on it", () => {
    expect(brandStyle("#1d4ed8")).toEqual({
      "--tenant-primary": "#1d4ed8",
      "--sidebar-primary": "#1d4ed8",
      "--sidebar-primary-foreground": "#ffffff",
    });
    expect(readableOn("#facc15")).toBe("#000000");
    expect(readableOn("#16a34a")).toBe("#000000");
    expect(readableOn("#000000")).toBe("#ffffff");
  });

  it("sets nothing for a missing or malformed colour", () => {
    expect(brandStyle(null)).toEqual({});
    expect(brandStyle("red; background: url(x)")).toEqual({});
  });
});
