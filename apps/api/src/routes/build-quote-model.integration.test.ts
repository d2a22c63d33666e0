import { fillPath } from "@fieldops/shared/endpoint";
import { buildEndpoints } from "@fieldops/shared/builds";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteResponse } from "@fieldops/shared/builds";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { startOpenAiStandIn } from "../../../../tests/openai-stand-in.ts";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
} from "../../../../tests/integration/test-app.ts";

let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
let t: TestApp;
let workers: RunningWorkers;
let token: string;
let companyId: string;

const quote = (description: string) =>
  callApi(t.url, "POST", fillPath(buildEndpoints.quote.path, { sessionId: randomUUID() }), token, {
    spec: { description },
  });

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  t = await startTestApp({
    OPENAI_API_KEY: "sk-stand-in",
    OPENAI_BASE_URL: standIn.baseURL,
    OPENAI_MODEL: "stand-in-model",
  });
  workers = startTestWorkers(t);
  const company = await createTestCompany(t.db);
  companyId = company.id;
  token = await signIn(t.url, company.users.owner.email);
}, 180_000);

afterAll(async () => {
  await workers.close();
  await t.close();
  await standIn.close();
});

describe("quotes with a configured model", () => {
  it("asks the model for the spec through its tool, and keeps the standard routes of each entity", async () => {
    standIn.reset();
    standIn.reply({
      toolCalls: [
        {
          name: "propose_spec",
          args: {
            featureName: "Pool Chemistry",
            description: "ignored",
            entities: [
              {
                key: "water_test",
                name: "Water Test",
                pluralName: "Water Tests",
                fields: [
                  { key: "tested_on", label: "Tested On", type: "date", required: true },
                  { key: "ph", label: "pH", type: "number" },
                  { key: "chlorine", label: "Chlorine", type: "number", unit: "ppm" },
                  // A unit on a text field is the model's slip: dropped, not a reason to refuse the spec.
                  { key: "tester", label: "Tester", type: "text", unit: "ppm" },
                ],
                relations: [{ key: "visit", label: "Visit", target: "visit", required: true }],
                showOn: ["visit"],
              },
            ],
          },
        },
      ],
    });
    const answer = await quote("log the water tests of each pool visit: date, pH, chlorine");
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as QuoteResponse;
    expect(body.specSource).toBe("model");
    expect(body.spec.featureName).toBe("Pool Chemistry");
    expect(body.spec.entities[0]!.fields.slice(2)).toEqual([
      { key: "chlorine", label: "Chlorine", type: "number", required: false, unit: "ppm" },
      { key: "tester", label: "Tester", type: "text", required: false },
    ]);
    expect(body.spec.description).toBe("log the water tests of each pool visit: date, pH, chlorine");
    expect(body.spec.routes.map((route) => `${route.method} ${route.path}`)).toContain(
      "DELETE /api/custom/water_test/{id}",
    );
    expect(body.quote.risk).toBe("medium");
    const request = standIn.requests[0]!;
    expect(request.headers.authorization).toBe("Bearer sk-stand-in");
    expect(request.body.model).toBe("stand-in-model");
    expect(request.body.tools?.map((tool) => tool.function.name)).toEqual(["propose_spec"]);
    expect(JSON.stringify(request.body.tools)).toContain('"unit"');
  });

  it("falls back to the parser when the model fails or proposes something invalid", async () => {
    standIn.reset();
    standIn.reply({ status: 500 }, { status: 500 });
    const failed = await quote("I need to track equipment at each customer: make, model, serial number, install date");
    expect(failed.status).toBe(200);
    expect((failed.body as unknown as QuoteResponse).specSource).toBe("parser");
    expect((failed.body as unknown as QuoteResponse).spec.entities[0]!.key).toBe("equipment");

    standIn.reset();
    standIn.reply({
      toolCalls: [
        {
          name: "propose_spec",
          args: { featureName: "Broken", entities: [{ key: "Bad Key", name: "x", pluralName: "x", fields: [] }] },
        },
      ],
    });
    const invalid = await quote("track suppliers: name, phone");
    expect(invalid.status).toBe(200);
    expect((invalid.body as unknown as QuoteResponse).specSource).toBe("parser");
    expect((invalid.body as unknown as QuoteResponse).spec.entities[0]!.key).toBe("supplier");
  });

  it("in HIPAA mode without a BAA with the model's provider, quotes with the parser and sends the model nothing", async () => {
    await t.db.company.update({ where: { id: companyId }, data: { hipaaMode: true } });
    try {
      standIn.reset();
      const answer = await quote("track wound measurements per visit: length, width, depth");
      expect(answer.status).toBe(200);
      expect((answer.body as unknown as QuoteResponse).specSource).toBe("parser");
      expect(standIn.requests).toHaveLength(0);
    } finally {
      await t.db.company.update({ where: { id: companyId }, data: { hipaaMode: false } });
    }
  });
});
