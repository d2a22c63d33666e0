import type { FeatureSpec } from "@fieldops/shared/feature-spec";

/** Equipment at a customer's, with a field of every type, and its service log pointing at it and at a job. For tests. */
export function equipmentSpec(): FeatureSpec {
  return {
    featureName: "Equipment tracking",
    description: "Track equipment at each customer",
    entities: [
      {
        key: "equipment",
        name: "Equipment",
        pluralName: "Equipment",
        description: "Machines installed at customers",
        fields: [
          { key: "make", label: "Make", type: "text", required: true },
          { key: "model", label: "Model", type: "text", required: false },
          { key: "serial_number", label: "Serial number", type: "text", required: true },
          { key: "notes", label: "Notes", type: "long_text", required: false },
          { key: "capacity", label: "Capacity", type: "number", required: false },
          { key: "units", label: "Units", type: "integer", required: false },
          { key: "price", label: "Price", type: "money", required: false },
          { key: "install_date", label: "Install date", type: "date", required: false },
          { key: "last_service", label: "Last service", type: "datetime", required: false },
          { key: "under_warranty", label: "Under warranty", type: "boolean", required: false },
          {
            key: "condition",
            label: "Condition",
            type: "select",
            required: false,
            options: ["Good", "Worn", "Broken"],
          },
          { key: "contact_email", label: "Contact email", type: "email", required: false },
          { key: "contact_phone", label: "Contact phone", type: "phone", required: false },
          { key: "manual_url", label: "Manual", type: "url", required: false },
        ],
        relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
        showOn: ["customer"],
      },
      {
        key: "service_log",
        name: "Service log",
        pluralName: "Service logs",
        fields: [{ key: "summary", label: "Summary", type: "text", required: true }],
        relations: [
          { key: "equipment", label: "Equipment", target: "equipment", required: true },
          { key: "job", label: "Job", target: "job", required: false },
        ],
        showOn: ["job"],
      },
    ],
    routes: [
      { method: "GET", path: "/api/custom/equipment", summary: "List equipment" },
      { method: "POST", path: "/api/custom/equipment", summary: "Add equipment" },
    ],
  };
}
