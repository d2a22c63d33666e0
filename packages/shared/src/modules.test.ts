import { describe, expect, it } from "vitest";
import { ASSISTANT_MODULE_IDS, MODULE_CATALOG, MODULE_IDS, modulePolicy, rolesAllowedModule } from "./modules";
import { planFeatureSchema } from "./plans";

describe("the module catalog", () => {
  it("lets the assistant propose every module, each with its parameters and what a model is told it does", () => {
    expect(ASSISTANT_MODULE_IDS).toEqual(MODULE_IDS);
    for (const id of ASSISTANT_MODULE_IDS)
      expect(MODULE_CATALOG[id].assistant).toMatchObject({ tool: expect.any(String) });
    for (const id of MODULE_IDS) {
      expect(MODULE_CATALOG[id].params.safeParse(undefined).success).toBe(false);
      if (MODULE_CATALOG[id].feature) expect(planFeatureSchema.options).toContain(MODULE_CATALOG[id].feature);
    }
  });

  it("never lets a field user run a module, and lets owners and administrators run everything but HIPAA mode directly", () => {
    for (const id of MODULE_IDS) {
      expect(modulePolicy(id, "field_user")).toBe("denied");
      expect(modulePolicy(id, "admin")).toBe("direct");
      if (id !== "enable-hipaa-mode") expect(modulePolicy(id, "owner")).toBe("direct");
    }
    expect(modulePolicy("enable-hipaa-mode", "owner")).toBe("approval");
  });

  it("makes members ask for approval to message customers, export data or change compliance", () => {
    expect(modulePolicy("send-payment-reminders", "member")).toBe("approval");
    expect(modulePolicy("export-customers", "member")).toBe("approval");
    expect(modulePolicy("enable-hipaa-mode", "member")).toBe("approval");
    expect(modulePolicy("invoice-completed-visits", "member")).toBe("approval");
    expect(modulePolicy("create-job", "member")).toBe("direct");
    expect(rolesAllowedModule("export-customers")).toEqual(["owner", "admin", "member"]);
  });

  it("gates the plan features of the price list", () => {
    expect(MODULE_CATALOG["optimize-day"].feature).toBe("route_optimization");
    expect(MODULE_CATALOG["enable-hipaa-mode"].feature).toBe("hipaa_mode");
    expect(MODULE_CATALOG["export-customers"].feature).toBe("export");
    expect(MODULE_CATALOG["invoice-completed-visits"].feature).toBe("invoicing");
    expect(MODULE_CATALOG["create-job"].feature).toBeUndefined();
  });

  it("validates parameters strictly: unknown keys and malformed values are refused", () => {
    const createJob = MODULE_CATALOG["create-job"].params;
    expect(
      createJob.safeParse({ customerId: "4f8b0c1e-8f4a-4a57-9d43-1f7e1b7e5a10", title: "Fix the gate" }).success,
    ).toBe(true);
    expect(
      createJob.safeParse({ customerId: "4f8b0c1e-8f4a-4a57-9d43-1f7e1b7e5a10", title: "Fix", deleteAll: true })
        .success,
    ).toBe(false);
    expect(MODULE_CATALOG["optimize-day"].params.safeParse({ date: "2031-02-30" }).success).toBe(false);
    const batch = MODULE_CATALOG["invoice-completed-visits"].params;
    expect(batch.safeParse({ from: "2031-01-01", to: "2031-01-31" }).success).toBe(true);
    expect(batch.safeParse({ from: "2031-01-31", to: "2031-01-01" }).success).toBe(false);
    expect(batch.safeParse({ from: "2031-01-01", to: "2032-06-01" }).success).toBe(false);
    expect(
      MODULE_CATALOG["schedule-visit"].params.parse({
        jobId: "4f8b0c1e-8f4a-4a57-9d43-1f7e1b7e5a10",
        start: "2031-01-01T09:00:00Z",
      }),
    ).toMatchObject({ crewId: null });
  });
});
