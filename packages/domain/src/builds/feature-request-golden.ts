import type { CustomFieldType, FeatureSpec } from "@fieldops/shared/feature-spec";

/**
 * Feature requests as offices across trades type them, each with what its spec must hold to be usable: the object,
 * its fields with their types (and units), the records it points at, and the page it shows on. The parser's unit test
 * and `bench/feature-requests.bench.ts` both read it.
 */

export const GOLDEN_TRADES = [
  "lawn care",
  "hvac",
  "plumbing",
  "electrical",
  "roofing",
  "cleaning",
  "home health",
  "pest control",
] as const;
export type GoldenTrade = (typeof GOLDEN_TRADES)[number];

export interface GoldenField {
  label: string;
  type: CustomFieldType;
  unit?: string;
  options?: string[];
}

export interface FeatureRequestGolden {
  trade: GoldenTrade;
  request: string;
  /** The object's name as the spec gives it. */
  object: string;
  fields: GoldenField[];
  /** The records it points at (a picker each), by target; a label when the request's word is not the target's. */
  relations: { target: string; label?: string }[];
  /** The product page it shows on as a section, or null when the request asks for none. */
  section: "customer" | "job" | "visit" | "crew" | null;
}

export const FEATURE_REQUEST_GOLDEN: readonly FeatureRequestGolden[] = [
  {
    trade: "pest control",
    request: "record each pest treatment per visit: product, dose in ml, target pest, re-entry interval",
    object: "Pest Treatment",
    fields: [
      { label: "Product", type: "text" },
      { label: "Dose", type: "number", unit: "ml" },
      { label: "Target Pest", type: "text" },
      { label: "Re-Entry Interval", type: "number", unit: "hours" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "pest control",
    request:
      "We need to log bait station checks at every appointment - station number, activity level (none, light, heavy), bait replaced (yes/no), technician",
    object: "Bait Station Check",
    fields: [
      { label: "Station Number", type: "text" },
      { label: "Activity Level", type: "select", options: ["None", "Light", "Heavy"] },
      { label: "Bait Replaced", type: "boolean" },
    ],
    relations: [
      { target: "visit", label: "Appointment" },
      { target: "team_member", label: "Technician" },
    ],
    section: "visit",
  },
  {
    trade: "pest control",
    request:
      "track termite inspections per property: inspection date, area inspected in sq ft, moisture reading (%), findings, fee",
    object: "Termite Inspection",
    fields: [
      { label: "Inspection Date", type: "date" },
      { label: "Area Inspected", type: "number", unit: "sq ft" },
      { label: "Moisture Reading", type: "number", unit: "%" },
      { label: "Findings", type: "long_text" },
      { label: "Fee", type: "money" },
    ],
    relations: [{ target: "customer", label: "Property" }],
    section: "customer",
  },
  {
    trade: "pest control",
    request:
      "Can you add a way to log chemical usage for each job? Product name, EPA registration number, amount used in oz, wind speed (mph), applied by",
    object: "Chemical Usage",
    fields: [
      { label: "Product Name", type: "text" },
      { label: "Epa Registration Number", type: "text" },
      { label: "Amount Used", type: "number", unit: "oz" },
      { label: "Wind Speed", type: "number", unit: "mph" },
    ],
    relations: [{ target: "job" }, { target: "team_member", label: "Applied By" }],
    section: "job",
  },
  {
    trade: "lawn care",
    request:
      "track fertilizer applications per visit: product, pounds applied, area treated in sq ft, mowing height in inches",
    object: "Fertilizer Application",
    fields: [
      { label: "Product", type: "text" },
      { label: "Pounds Applied", type: "number", unit: "lb" },
      { label: "Area Treated", type: "number", unit: "sq ft" },
      { label: "Mowing Height", type: "number", unit: "in" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "lawn care",
    request:
      "I want to keep track of lawn measurements for each customer: lawn size (sq ft), grass type (fescue, bermuda, zoysia, st augustine), slope, notes",
    object: "Lawn Measurement",
    fields: [
      { label: "Lawn Size", type: "number", unit: "sq ft" },
      { label: "Grass Type", type: "select", options: ["Fescue", "Bermuda", "Zoysia", "St Augustine"] },
      { label: "Notes", type: "long_text" },
    ],
    relations: [{ target: "customer" }],
    section: "customer",
  },
  {
    trade: "lawn care",
    request:
      "log irrigation checks at each appointment: zones tested, water pressure, broken heads, repair cost, run time per zone in minutes",
    object: "Irrigation Check",
    fields: [
      { label: "Zones Tested", type: "integer" },
      { label: "Water Pressure", type: "number", unit: "psi" },
      { label: "Broken Heads", type: "integer" },
      { label: "Repair Cost", type: "money" },
      { label: "Run Time Per Zone", type: "number", unit: "minutes" },
    ],
    relations: [{ target: "visit", label: "Appointment" }],
    section: "visit",
  },
  {
    trade: "lawn care",
    request: "track aeration jobs per job with area in acres, passes, soil temperature and plugs pulled (yes/no)",
    object: "Aeration Job",
    fields: [
      { label: "Area", type: "number", unit: "acres" },
      { label: "Soil Temperature", type: "number", unit: "°F" },
      { label: "Plugs Pulled", type: "boolean" },
    ],
    relations: [{ target: "job" }],
    section: "job",
  },
  {
    trade: "hvac",
    request:
      "record refrigerant readings per visit: refrigerant type (r-410a, r-22, r-32), suction pressure, head pressure, superheat in °f, refrigerant added in lbs",
    object: "Refrigerant Reading",
    fields: [
      { label: "Refrigerant Type", type: "select", options: ["R-410a", "R-22", "R-32"] },
      { label: "Suction Pressure", type: "number", unit: "psi" },
      { label: "Head Pressure", type: "number", unit: "psi" },
      { label: "Superheat", type: "number", unit: "°F" },
      { label: "Refrigerant Added", type: "number", unit: "lb" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "hvac",
    request:
      "track HVAC units at each customer: make, model, serial number, tonnage, seer rating, filter size, install date, warranty expiration",
    object: "Hvac Unit",
    fields: [
      { label: "Make", type: "text" },
      { label: "Serial Number", type: "text" },
      { label: "Tonnage", type: "number", unit: "tons" },
      { label: "Seer Rating", type: "number" },
      { label: "Filter Size", type: "text" },
      { label: "Install Date", type: "date" },
      { label: "Warranty Expiration", type: "date" },
    ],
    relations: [{ target: "customer" }],
    section: "customer",
  },
  {
    trade: "hvac",
    request:
      "we need to log maintenance checks for each job: supply air temp, return air temp, static pressure, amp draw, filter changed (yes/no), tech notes",
    object: "Maintenance Check",
    fields: [
      { label: "Supply Air Temp", type: "number", unit: "°F" },
      { label: "Return Air Temp", type: "number", unit: "°F" },
      { label: "Static Pressure", type: "number", unit: "in. w.c." },
      { label: "Amp Draw", type: "number", unit: "A" },
      { label: "Filter Changed", type: "boolean" },
      { label: "Tech Notes", type: "long_text" },
    ],
    relations: [{ target: "job" }],
    section: "job",
  },
  {
    trade: "hvac",
    request: "Track duct cleanings per visit: duct length in ft, registers cleaned, time on site, price",
    object: "Duct Cleaning",
    fields: [
      { label: "Duct Length", type: "number", unit: "ft" },
      { label: "Registers Cleaned", type: "integer" },
      { label: "Time On Site", type: "number", unit: "minutes" },
      { label: "Price", type: "money" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "plumbing",
    request:
      "track water heaters at each property: brand, tank size in gallons, fuel type (gas, electric, tankless), install date, anode replaced on",
    object: "Water Heater",
    fields: [
      { label: "Brand", type: "text" },
      { label: "Tank Size", type: "number", unit: "gal" },
      { label: "Fuel Type", type: "select", options: ["Gas", "Electric", "Tankless"] },
      { label: "Install Date", type: "date" },
      { label: "Anode Replaced On", type: "date" },
    ],
    relations: [{ target: "customer", label: "Property" }],
    section: "customer",
  },
  {
    trade: "plumbing",
    request:
      "record pressure tests per job: test pressure in psi, duration in minutes, passed (yes/no), inspector, date",
    object: "Pressure Test",
    fields: [
      { label: "Test Pressure", type: "number", unit: "psi" },
      { label: "Duration", type: "number", unit: "minutes" },
      { label: "Passed", type: "boolean" },
      { label: "Inspector", type: "text" },
      { label: "Date", type: "date" },
    ],
    relations: [{ target: "job" }],
    section: "job",
  },
  {
    trade: "plumbing",
    request:
      "log backflow tests for each customer: device serial, device size (inches), pressure drop in psi, test date, certification fee",
    object: "Backflow Test",
    fields: [
      { label: "Device Serial", type: "text" },
      { label: "Device Size", type: "number", unit: "in" },
      { label: "Pressure Drop", type: "number", unit: "psi" },
      { label: "Test Date", type: "date" },
      { label: "Certification Fee", type: "money" },
    ],
    relations: [{ target: "customer" }],
    section: "customer",
  },
  {
    trade: "plumbing",
    request:
      "keep a log of drain camera inspections per visit: pipe diameter, footage inspected, blockage found (yes/no), video link",
    object: "Drain Camera Inspection",
    fields: [
      { label: "Pipe Diameter", type: "number", unit: "in" },
      { label: "Footage Inspected", type: "number", unit: "sq ft" },
      { label: "Blockage Found", type: "boolean" },
      { label: "Video Link", type: "url" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "electrical",
    request:
      "track electrical panels at each customer: panel brand, amperage, number of circuits, panel location, last inspected date",
    object: "Electrical Panel",
    fields: [
      { label: "Panel Brand", type: "text" },
      { label: "Amperage", type: "number", unit: "A" },
      { label: "Number Of Circuits", type: "integer" },
      { label: "Last Inspected Date", type: "date" },
    ],
    relations: [{ target: "customer" }],
    section: "customer",
  },
  {
    trade: "electrical",
    request: "record circuit tests per visit: circuit, voltage, resistance in ohms, gfci tripped (yes/no), electrician",
    object: "Circuit Test",
    fields: [
      { label: "Circuit", type: "text" },
      { label: "Voltage", type: "number", unit: "V" },
      { label: "Resistance", type: "number", unit: "ohms" },
      { label: "Gfci Tripped", type: "boolean" },
    ],
    relations: [{ target: "visit" }, { target: "team_member", label: "Electrician" }],
    section: "visit",
  },
  {
    trade: "electrical",
    request:
      "log generator installs per job: generator model, output in kw, transfer switch (automatic, manual), wire run length in feet, permit cost",
    object: "Generator Install",
    fields: [
      { label: "Generator Model", type: "text" },
      { label: "Output", type: "number", unit: "kW" },
      { label: "Transfer Switch", type: "select", options: ["Automatic", "Manual"] },
      { label: "Wire Run Length", type: "number", unit: "ft" },
      { label: "Permit Cost", type: "money" },
    ],
    relations: [{ target: "job" }],
    section: "job",
  },
  {
    trade: "roofing",
    request:
      "track roof inspections per property: roof area in squares, pitch, layers, shingle type (asphalt, metal, tile), leak found (yes/no), photos link",
    object: "Roof Inspection",
    fields: [
      { label: "Roof Area", type: "number", unit: "squares" },
      { label: "Pitch", type: "text" },
      { label: "Layers", type: "integer" },
      { label: "Shingle Type", type: "select", options: ["Asphalt", "Metal", "Tile"] },
      { label: "Leak Found", type: "boolean" },
      { label: "Photos Link", type: "url" },
    ],
    relations: [{ target: "customer", label: "Property" }],
    section: "customer",
  },
  {
    trade: "roofing",
    request:
      "log material deliveries for each job: material, bundles delivered, weight in lbs, delivery date, supplier invoice amount",
    object: "Material Delivery",
    fields: [
      { label: "Material", type: "text" },
      { label: "Weight", type: "number", unit: "lb" },
      { label: "Delivery Date", type: "date" },
      { label: "Supplier Invoice Amount", type: "money" },
    ],
    relations: [{ target: "job" }],
    section: "job",
  },
  {
    trade: "roofing",
    request:
      "track gutter cleanings per visit with linear feet cleaned, downspouts flushed, debris weight and crew notes",
    object: "Gutter Cleaning",
    fields: [
      { label: "Linear Feet Cleaned", type: "number", unit: "ft" },
      { label: "Debris Weight", type: "number", unit: "lb" },
      { label: "Crew Notes", type: "long_text" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "cleaning",
    request:
      "record cleaning checklists per visit: rooms cleaned, square footage, time spent in hours, supplies used, client signed off (yes/no)",
    object: "Cleaning Checklist",
    fields: [
      { label: "Rooms Cleaned", type: "integer" },
      { label: "Square Footage", type: "number", unit: "sq ft" },
      { label: "Time Spent", type: "number", unit: "hours" },
      { label: "Supplies Used", type: "text" },
      { label: "Client Signed Off", type: "boolean" },
    ],
    relations: [{ target: "visit" }],
    section: "visit",
  },
  {
    trade: "cleaning",
    request: "I need two kinds of notes per customer: access notes and pet notes",
    object: "Customer Note",
    fields: [
      { label: "Note", type: "long_text" },
      { label: "Kind", type: "select", options: ["Access", "Pet"] },
    ],
    relations: [{ target: "customer" }],
    section: "customer",
  },
  {
    trade: "cleaning",
    request:
      "keep track of carpet cleanings at every appointment: carpet area (sq ft), stain treatment (none, spot, full), drying time in hours, extra charge",
    object: "Carpet Cleaning",
    fields: [
      { label: "Carpet Area", type: "number", unit: "sq ft" },
      { label: "Stain Treatment", type: "select", options: ["None", "Spot", "Full"] },
      { label: "Drying Time", type: "number", unit: "hours" },
      { label: "Extra Charge", type: "money" },
    ],
    relations: [{ target: "visit", label: "Appointment" }],
    section: "visit",
  },
  {
    trade: "cleaning",
    request: "track supply kits for each crew: kit name, bottles of disinfectant, last restocked date, restock cost",
    object: "Supply Kit",
    fields: [
      { label: "Kit Name", type: "text" },
      { label: "Last Restocked Date", type: "date" },
      { label: "Restock Cost", type: "money" },
    ],
    relations: [{ target: "crew" }],
    section: "crew",
  },
  {
    trade: "home health",
    request:
      "record vital signs at each visit: blood pressure, pulse, temperature, weight in lbs, oxygen saturation, caregiver",
    object: "Vital Sign",
    fields: [
      { label: "Blood Pressure", type: "text" },
      { label: "Pulse", type: "number", unit: "bpm" },
      { label: "Temperature", type: "number", unit: "°F" },
      { label: "Weight", type: "number", unit: "lb" },
      { label: "Oxygen Saturation", type: "number", unit: "%" },
    ],
    relations: [{ target: "visit" }, { target: "team_member", label: "Caregiver" }],
    section: "visit",
  },
  {
    trade: "home health",
    request:
      "track medications for each client: medication name, dose in mg, frequency (daily, twice daily, weekly), start date, prescribing doctor",
    object: "Medication",
    fields: [
      { label: "Medication Name", type: "text" },
      { label: "Dose", type: "number", unit: "mg" },
      { label: "Frequency", type: "select", options: ["Daily", "Twice Daily", "Weekly"] },
      { label: "Start Date", type: "date" },
      { label: "Prescribing Doctor", type: "text" },
    ],
    relations: [{ target: "customer", label: "Client" }],
    section: "customer",
  },
  {
    trade: "home health",
    request:
      "log wound care per visit: wound location, wound length in cm, dressing type, pain level, visit duration, nurse",
    object: "Wound Care",
    fields: [
      { label: "Wound Location", type: "text" },
      { label: "Wound Length", type: "number", unit: "cm" },
      { label: "Dressing Type", type: "text" },
      { label: "Pain Level", type: "number" },
      { label: "Visit Duration", type: "number", unit: "minutes" },
    ],
    relations: [{ target: "visit" }, { target: "team_member", label: "Nurse" }],
    section: "visit",
  },
  {
    trade: "home health",
    request: "track blood sugar readings per patient: reading time, glucose level, insulin given in units, notes",
    object: "Blood Sugar Reading",
    fields: [
      { label: "Reading Time", type: "datetime" },
      { label: "Glucose Level", type: "number", unit: "mg/dL" },
      { label: "Insulin Given", type: "number", unit: "units" },
      { label: "Notes", type: "long_text" },
    ],
    relations: [{ target: "customer", label: "Patient" }],
    section: "customer",
  },
];

/**
 * What stops the spec of a golden request from giving the object it asks for, in words; none when it is usable: the
 * object is there, every expected field has its type (and unit and options), it points at each record expected, and
 * shows on the page expected.
 */
export function goldenProblems(spec: FeatureSpec, golden: FeatureRequestGolden): string[] {
  const entity = spec.entities.find((candidate) => candidate.name === golden.object);
  if (!entity) return [`no object called ${golden.object} (got ${spec.entities.map((e) => e.name).join(", ")})`];
  const problems: string[] = [];
  for (const expected of golden.fields) {
    const field = entity.fields.find((candidate) => candidate.label === expected.label);
    if (!field) {
      problems.push(`no field ${expected.label}`);
      continue;
    }
    if (field.type !== expected.type) problems.push(`${expected.label} is ${field.type}, not ${expected.type}`);
    if ((field.unit ?? null) !== (expected.unit ?? null))
      problems.push(`${expected.label} is in ${field.unit ?? "no unit"}, not ${expected.unit ?? "no unit"}`);
    if (expected.options && JSON.stringify(field.options) !== JSON.stringify(expected.options))
      problems.push(`${expected.label} offers ${field.options?.join("/") ?? "nothing"}`);
  }
  for (const expected of golden.relations) {
    const relation = entity.relations.find(
      (candidate) => candidate.target === expected.target && (!expected.label || candidate.label === expected.label),
    );
    if (!relation) problems.push(`no ${expected.label ?? expected.target} picker`);
  }
  for (const field of entity.fields) {
    const names = [
      ...golden.relations.map((relation) => relation.label ?? relation.target),
      "customer",
      "job",
      "visit",
    ];
    if (names.some((name) => field.label.toLowerCase() === name.toLowerCase()))
      problems.push(`${field.label} is a text box, not a picker`);
  }
  if (golden.section && !entity.showOn.includes(golden.section))
    problems.push(`no section on the ${golden.section} page`);
  if (!golden.section && entity.showOn.length > 0) problems.push(`an unasked section on ${entity.showOn.join(", ")}`);
  return problems;
}
