import type { FeatureSpec } from "@fieldops/shared/feature-spec";

/** The equipment feature as the quote proposes it, for the builder's screens' tests (a fresh copy each call). */
export function equipmentSpecFixture(): FeatureSpec {
  return {
    featureName: "Equipment Tracking",
    description: "Track equipment at each customer",
    entities: [
      {
        key: "equipment",
        name: "Equipment",
        pluralName: "Equipment",
        fields: [
          { key: "make", label: "Make", type: "text", required: true },
          { key: "model", label: "Model", type: "text", required: false },
          { key: "install_date", label: "Install Date", type: "date", required: false },
        ],
        relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
        showOn: ["customer"],
      },
    ],
    routes: [
      { method: "GET", path: "/api/custom/equipment", summary: "List equipment" },
      { method: "POST", path: "/api/custom/equipment", summary: "Create an equipment" },
    ],
  };
}
