// A receiver to call out to, and the client that calls it (the domain serves no HTTP).
// eslint-disable-next-line no-restricted-imports
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LookupFunction } from "node:net";
// eslint-disable-next-line no-restricted-imports
import { fetch } from "undici";
import { describe, expect, it } from "vitest";
import { addressRefusal, checkOutgoingUrl, guardedLookup, outgoingAgent } from "./outgoing-url.ts";

const refuse = { allowPrivate: false };
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("checkOutgoingUrl", () => {
  it.each([
    ["http://127.0.0.1/hook", "loopback"],
    ["http://[::1]:8080/hook", "loopback"],
    ["http://10.1.2.3/hook", "private"],
    ["http://172.16.0.1/hook", "private"],
    ["http://172.31.255.254/hook", "private"],
    ["http://192.168.1.10/hook", "private"],
    ["http://169.254.169.254/latest/meta-data/", "linkLocal"],
    ["http://[fe80::1]/hook", "linkLocal"],
    ["http://[fd00::1]/hook", "uniqueLocal"],
    ["http://100.64.0.1/hook", "carrierGradeNat"],
    ["http://[::ffff:127.0.0.1]/hook", "loopback"],
    ["http://[::ffff:169.254.169.254]/hook", "linkLocal"],
    ["http://0.0.0.0/hook", "unspecified"],
    ["http://224.0.0.1/hook", "multicast"],
    ["http://240.0.0.1/hook", "reserved"],
  ])("refuses %s (%s)", async (url, range) => {
    await expect(checkOutgoingUrl(url, refuse)).rejects.toThrow(`is a ${range} address`);
  });

  it("refuses a name that resolves to a private address, naming both", async () => {
    await expect(
      checkOutgoingUrl("https://hooks.example.com/in", { ...refuse, resolve: resolvesTo("93.184.215.14", "10.0.0.5") }),
    ).rejects.toThrow("hooks.example.com (10.0.0.5) is a private address");
  });

  it("refuses a name that does not resolve", async () => {
    const resolve = () => Promise.reject(new Error("ENOTFOUND"));
    await expect(checkOutgoingUrl("https://nowhere.invalid/", { ...refuse, resolve })).rejects.toThrow(
      "could not be found",
    );
  });

  it("allows a name that resolves to public addresses only", async () => {
    const url = await checkOutgoingUrl("https://hooks.zapier.com/hooks/catch/1/abc/", {
      ...refuse,
      resolve: resolvesTo("54.86.12.1", "2600:1f18:1::1"),
    });
    expect(url.hostname).toBe("hooks.zapier.com");
  });

  it("refuses other schemes and credentials in the URL, even when private targets are allowed", async () => {
    const allow = { allowPrivate: true };
    await expect(checkOutgoingUrl("ftp://example.com/", allow)).rejects.toThrow("must start with https://");
    await expect(checkOutgoingUrl("file:///etc/passwd", allow)).rejects.toThrow("must start with https://");
    await expect(checkOutgoingUrl("https://user:pw@example.com/", allow)).rejects.toThrow("user name or password");
    await expect(checkOutgoingUrl("not a url", allow)).rejects.toThrow("not a valid address");
  });

  it("lets the operator allow private targets", async () => {
    const url = await checkOutgoingUrl("http://127.0.0.1:3000/hook", { allowPrivate: true });
    expect(url.port).toBe("3000");
  });
});

describe("addressRefusal", () => {
  it("passes public unicast addresses", () => {
    expect(addressRefusal("8.8.8.8")).toBeNull();
    expect(addressRefusal("2606:4700:4700::1111")).toBeNull();
    expect(addressRefusal("::ffff:8.8.8.8")).toBeNull();
  });
});

/** A lookup that answers `addresses` for any name, as DNS rebinding would at connection time. */
const fixedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) =>
    options.all
      ? (callback as unknown as (error: null, list: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ])
      : callback(null, address, family);

describe("guardedLookup (the check pinned to the connection)", () => {
  it("refuses to connect to a private address a name resolves to when connecting", async () => {
    const lookup = guardedLookup(fixedLookup("169.254.169.254", 4));
    const error = await new Promise<Error | null>((resolve) => lookup("rebind.example", {}, (err) => resolve(err)));
    expect(error?.message).toContain("rebind.example (169.254.169.254) is a linkLocal address");
  });

  it("hands public addresses on, singly or all", async () => {
    const lookup = guardedLookup(fixedLookup("93.184.215.14", 4));
    const one = await new Promise((resolve) => lookup("example.com", {}, (_err, address) => resolve(address)));
    expect(one).toBe("93.184.215.14");
    const all = await new Promise((resolve) => lookup("example.com", { all: true }, (_err, list) => resolve(list)));
    expect(all).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });

  it("makes a delivery through the guarded agent fail on a loopback receiver reached by name", async () => {
    const server = createServer((_request, response) => response.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const guarded = outgoingAgent({ allowPrivate: false });
      const refused = await fetch(`http://localhost:${port}/`, { dispatcher: guarded }).catch((error: Error) => error);
      expect(((refused as Error).cause as Error).message).toMatch(
        /localhost \((127\.0\.0\.1|::1)\) is a loopback address/,
      );
      await guarded.close();
      const allowed = outgoingAgent({ allowPrivate: true });
      const response = await fetch(`http://localhost:${port}/`, { dispatcher: allowed });
      expect(await response.text()).toBe("reached");
      await allowed.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
