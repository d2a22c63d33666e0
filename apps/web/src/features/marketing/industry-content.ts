import { INDUSTRY_SLUGS, industrySlugSchema, type IndustrySlug } from "@fieldops/shared/tenant-routes";
import { VERTICALS, verticalForIndustry, type Vertical } from "@fieldops/shared/verticals";

/** What an industry's page says: its name, its promise and the work the product runs for it. */
export interface IndustryContent {
  slug: IndustrySlug;
  name: string;
  headline: string;
  summary: string;
  /** The work a company of the trade schedules, in its own words. */
  work: readonly string[];
}

const CONTENT: Record<IndustrySlug, Omit<IndustryContent, "slug">> = {
  pharmacy: {
    name: "Pharmacy & Home Health",
    headline: "Home visits and deliveries, documented and on time.",
    summary:
      "Schedule patient visits and medication deliveries, route your nurses and drivers, and keep every record behind HIPAA safeguards.",
    work: ["Medication deliveries", "Home infusion visits", "Wound care follow-ups", "Adherence check-ins"],
  },
  "lawn-care": {
    name: "Lawn Care",
    headline: "Every lawn on the route, every cut billed.",
    summary:
      "Weekly and bi-weekly mowing on autopilot: recurring visits, tight routes for every crew, and invoices that go out when the work is done.",
    work: ["Weekly mowing", "Fertilization programs", "Aeration and overseeding", "Spring and fall cleanups"],
  },
  turf: {
    name: "Turf Management",
    headline: "Healthy turf on a schedule your clients can see.",
    summary:
      "Plan treatment rounds across hundreds of properties, track what was applied where, and keep crews moving from site to site.",
    work: ["Treatment rounds", "Weed and pest control", "Sports field maintenance", "Soil testing"],
  },
  hvac: {
    name: "HVAC",
    headline: "Keep every system and every schedule running.",
    summary:
      "Dispatch the right technician to every service call, renew maintenance agreements on time, and quote installs on the spot.",
    work: ["Service calls", "Maintenance agreements", "System installs", "Seasonal tune-ups"],
  },
  plumbing: {
    name: "Plumbing",
    headline: "Dispatch the right plumber, fast.",
    summary:
      "Emergency calls and planned work on one board: see who is closest, who has the skills, and get paid before you leave the driveway.",
    work: ["Emergency repairs", "Drain cleaning", "Water heater installs", "Repiping estimates"],
  },
  electrical: {
    name: "Electrical",
    headline: "From panel upgrades to service calls, wired together.",
    summary:
      "Schedule licensed electricians by skill, track permits and inspections on the job, and turn estimates into booked work.",
    work: ["Panel upgrades", "EV charger installs", "Troubleshooting calls", "Lighting retrofits"],
  },
  landscaping: {
    name: "Landscaping",
    headline: "Every yard on route, every visit billed.",
    summary:
      "Design-build projects and weekly maintenance in one place, with crews, materials and seasonal work planned weeks ahead.",
    work: ["Maintenance contracts", "Planting and design-build", "Irrigation service", "Seasonal color"],
  },
  "pest-control": {
    name: "Pest Control",
    headline: "Recurring treatments that never miss a visit.",
    summary:
      "Quarterly and monthly service plans that schedule themselves, with notes on every treatment and reminders your customers appreciate.",
    work: ["Quarterly treatments", "Termite inspections", "Rodent exclusion", "Mosquito programs"],
  },
  roofing: {
    name: "Roofing",
    headline: "Inspections to installs, without the paperwork pile.",
    summary:
      "Book inspections, send estimates with options, and schedule crews and materials for the install once the customer says yes.",
    work: ["Roof inspections", "Repairs and leaks", "Full replacements", "Gutter work"],
  },
  concrete: {
    name: "Concrete",
    headline: "Pour days planned to the hour.",
    summary:
      "Coordinate crews, forms and pours across job sites, and keep every customer informed from estimate to final finish.",
    work: ["Driveways and patios", "Foundations", "Flatwork repairs", "Decorative concrete"],
  },
  painting: {
    name: "Painting",
    headline: "Every room quoted, scheduled and signed off.",
    summary:
      "Estimate by room or by surface, schedule crews for multi-day jobs, and collect the balance the moment the last coat dries.",
    work: ["Interior repaints", "Exterior projects", "Cabinet refinishing", "Commercial repaints"],
  },
  "carpet-cleaning": {
    name: "Carpet Cleaning",
    headline: "Every clean on time, every invoice paid.",
    summary:
      "Fill your vans' days with tight routes, rebook customers on their cleaning cycle, and take payment at the door.",
    work: ["Residential carpet cleaning", "Upholstery", "Stain and odor treatment", "Commercial maintenance"],
  },
  "pressure-washing": {
    name: "Pressure Washing",
    headline: "More houses washed per day.",
    summary:
      "Quote from the curb, batch jobs by neighborhood, and turn one-time washes into recurring seasonal service.",
    work: ["House washing", "Driveways and decks", "Roof soft washing", "Commercial storefronts"],
  },
  "tree-service": {
    name: "Tree Service",
    headline: "Climbers, crews and chippers where they are needed.",
    summary:
      "Schedule by crew skills and equipment, document hazards on every property, and turn storm calls into scheduled work fast.",
    work: ["Pruning and trimming", "Removals", "Stump grinding", "Storm response"],
  },
  "pool-service": {
    name: "Pool Service",
    headline: "Weekly routes that run themselves.",
    summary:
      "Recurring pool visits on efficient routes, chemical readings on every stop, and repairs booked straight from the visit.",
    work: ["Weekly cleaning", "Chemical balancing", "Openings and closings", "Equipment repair"],
  },
  "auto-detailing": {
    name: "Auto Detailing",
    headline: "Bring the shop to your customer's driveway.",
    summary:
      "Book mobile details by package, route your vans between appointments, and sell maintenance plans that bring customers back.",
    work: ["Mobile details", "Ceramic coatings", "Fleet washing", "Interior restoration"],
  },
  "home-inspection": {
    name: "Home Inspection",
    headline: "Inspections booked, done and delivered.",
    summary:
      "Coordinate with agents and buyers, schedule inspectors by area and certification, and keep every report tied to its property.",
    work: ["Buyer inspections", "Pre-listing inspections", "Radon and mold testing", "Re-inspections"],
  },
  "garage-doors": {
    name: "Garage Doors",
    headline: "Same-day repairs, scheduled in seconds.",
    summary:
      "Slot urgent repairs between installs, see which truck carries the right springs, and collect payment before you close the door.",
    work: ["Spring and cable repairs", "Opener installs", "New door installs", "Tune-ups"],
  },
  windows: {
    name: "Window Cleaning & Install",
    headline: "Crystal-clear schedules for every crew.",
    summary:
      "Recurring window cleaning and replacement projects side by side, with routes that keep ladders and vans moving.",
    work: ["Residential cleaning", "Storefront routes", "Window replacement", "Screen repair"],
  },
  flooring: {
    name: "Flooring",
    headline: "Measure, quote and install without the back-and-forth.",
    summary:
      "Book measures, send estimates with material options, and schedule installs once the flooring lands in the warehouse.",
    work: ["In-home measures", "Hardwood installs", "Tile and LVP", "Refinishing"],
  },
  fencing: {
    name: "Fencing",
    headline: "Every post set, every project on track.",
    summary:
      "Quote by the foot, schedule crews and materials for multi-day builds, and keep customers updated until the last gate swings.",
    work: ["New fence builds", "Repairs", "Gates and access", "Commercial perimeter"],
  },
};

export const INDUSTRIES: readonly IndustryContent[] = INDUSTRY_SLUGS.map((slug) => ({ slug, ...CONTENT[slug] }));

/** An industry's page content and the vertical (terms, integrations, regulations) it runs on; null for an unknown slug. */
export function industryBySlug(slug: string | undefined): { industry: IndustryContent; vertical: Vertical } | null {
  const parsed = industrySlugSchema.safeParse(slug);
  if (!parsed.success) return null;
  return {
    industry: { slug: parsed.data, ...CONTENT[parsed.data] },
    vertical: VERTICALS[verticalForIndustry(parsed.data)],
  };
}
