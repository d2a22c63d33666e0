import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe("redactUrl", () => {
  it("cuts the values of credential parameters and keeps the rest", () => {
    expect(redactUrl("/api/ws?after=1-0&ticket=abc&token=def")).toBe(
      "/api/ws?after=1-0&ticket=[redacted]&token=[redacted]",
    );
    expect(redactUrl("/api/x?access_token=a&Session%5Fid=b&page=2")).toBe(
      "/api/x?access_token=[redacted]&Session%5Fid=[redacted]&page=2",
    );
    expect(redactUrl("/api/user")).toBe("/api/user");
    expect(redactUrl("/api/x?token")).toBe("/api/x?token");
  });

  it("cuts a calendar feed's token from its path, in a URL alone or inside a message", () => {
    const token = "Zq8v2b4M0rWkQ1xY3nHcT7uE5sLpA9dF6gJ2hK0mN1o";
    expect(redactUrl(`/api/calendars/crew/2b9c1d0e-1111-4222-8333-944455556666/${token}/feed.ics`)).toBe(
      "/api/calendars/crew/2b9c1d0e-1111-4222-8333-944455556666/[redacted]/feed.ics",
    );
    expect(redactUrl(`GET https://app.example/api/calendars/user/u1/${token}/feed.ics?x=1 failed`)).toBe(
      "GET https://app.example/api/calendars/user/u1/[redacted]/feed.ics?x=1 failed",
    );
    expect(redactUrl("/api/calendar-feeds?crewId=2b9c")).toBe("/api/calendar-feeds?crewId=2b9c");
    expect(redactUrl(`/api/customers?x=fo_key_${token}`)).toBe("/api/customers?x=fo_key_[redacted]");
  });

  it("cuts OAuth states, codes, bearer tokens and signatures in any case, keeping harmless parameters", () => {
    expect(redactUrl("/api/integrations/quickbooks/callback?state=s3cr3t&bearer=b3ar3r&code=c0de&realmId=42")).toBe(
      "/api/integrations/quickbooks/callback?state=[redacted]&bearer=[redacted]&code=[redacted]&realmId=42",
    );
    expect(
      redactUrl(
        "/x?STATE=1&Bearer=2&ACCESS_TOKEN=3&refresh_token=4&Client_Secret=5&PassWord=6&X-Amz-Signature=7&sig=8&page=2&sort=name",
      ),
    ).toBe(
      "/x?STATE=[redacted]&Bearer=[redacted]&ACCESS_TOKEN=[redacted]&refresh_token=[redacted]&Client_Secret=[redacted]" +
        "&PassWord=[redacted]&X-Amz-Signature=[redacted]&sig=[redacted]&page=2&sort=name",
    );
  });

  it("cuts them from a URL inside a text", () => {
    expect(redactUrl("GET https://idp.example/authorize?client_id=app&state=abc&scope=openid failed: 500")).toBe(
      "GET https://idp.example/authorize?client_id=app&state=[redacted]&scope=openid failed: 500",
    );
  });
});

describe("createLogger", () => {
  it("names the service and writes no secret of a request, its headers or a payload", () => {
    const { lines, stream } = capture();
    const logger = createLogger("worker", "info", stream);
    logger.info(
      {
        req: {
          method: "GET",
          url: "/api/ws?token=secret-1",
          headers: { authorization: "Bearer secret-2" },
          ip: "203.0.113.5",
        },
        password: "secret-3",
        job: { token: "secret-4", ticket: "secret-5" },
      },
      "hello",
    );
    const line = JSON.parse(lines.join("")) as Record<string, unknown>;
    expect(line).toMatchObject({
      service: "worker",
      msg: "hello",
      req: { method: "GET", url: "/api/ws?token=[redacted]", remoteAddress: "203.0.113.5" },
    });
    expect(lines.join("")).not.toMatch(/secret-\d/);
  });

  it("writes no OAuth state, bearer or code of a logged request URL, message, field or error", () => {
    const { lines, stream } = capture();
    const logger = createLogger("api", "info", stream);
    logger.info(
      {
        req: {
          method: "GET",
          url: "/api/integrations/stripe/callback?state=secret-1&bearer=secret-2&code=secret-3&lang=en",
        },
      },
      "incoming request",
    );
    logger.warn({ redirect: "https://app.example/cb?state=secret-4&view=list" }, "redirecting");
    logger.info("calling https://idp.example/token?refresh_token=secret-5&grant=refresh");
    logger.info({ query: { state: "secret-6", Bearer: "secret-7", page: "2" } }, "query");
    logger.error({ err: new Error("fetch https://idp.example/x?access_token=secret-8&id=9 failed") }, "failed");
    const [request, redirect, message, query, failure] = lines.map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    expect(request).toMatchObject({
      req: { url: "/api/integrations/stripe/callback?state=[redacted]&bearer=[redacted]&code=[redacted]&lang=en" },
    });
    expect(redirect).toMatchObject({ redirect: "https://app.example/cb?state=[redacted]&view=list" });
    expect(message).toMatchObject({ msg: "calling https://idp.example/token?refresh_token=[redacted]&grant=refresh" });
    expect(query).toMatchObject({ query: { state: "[redacted]", Bearer: "[redacted]", page: "2" } });
    expect(failure).toMatchObject({
      err: { message: "fetch https://idp.example/x?access_token=[redacted]&id=9 failed" },
    });
    expect(lines.join("")).not.toMatch(/secret-\d/);
  });
});
