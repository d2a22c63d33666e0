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
});
