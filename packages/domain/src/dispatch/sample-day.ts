import { randomUUID } from "node:crypto";
import type { Database } from "@fieldops/db";
import { startOfDayInTimeZone } from "@fieldops/shared/company-time";

export interface SampleDayOptions {
  companyId: string;
  /** YYYY-MM-DD in the company's time zone. */
  date: string;
  crews: number;
  /** At most 9: 8:00–11:45 and 14:00–18:45. */
  visitsPerCrew: number;
  /** Where the crews' yard is; the visits lie in clusters around it. */
  center?: { lat: number; lon: number };
  /** Skills every crew has (the visits need none). */
  skills?: string[];
}

export interface SampleDay {
  crewIds: string[];
  visitIds: string[];
  /** Crew id -> its visits in their current order. */
  routes: Map<string, string[]>;
}

/**
 * A day planned badly on purpose, for tests and benchmarks: each crew has a cluster of customers around the yard,
 * but every crew's visits (8:00, 9:00, … with a lunch break kept free) zigzag between the clusters, so an optimizer
 * that gives each crew its own cluster saves most of the driving. Crews work 7:00–19:00 every day with a 30-minute
 * break between 12:00 and 14:00. Written with the schema owner's client.
 */
export async function seedSampleDay(db: Database, options: SampleDayOptions): Promise<SampleDay> {
  if (options.visitsPerCrew > 9) throw new RangeError("a sample crew has room for at most 9 visits");
  const center = options.center ?? { lat: 40.015, lon: -105.27 };
  const company = await db.company.findUniqueOrThrow({ where: { id: options.companyId }, select: { timeZone: true } });
  const dayStart = startOfDayInTimeZone(options.date, company.timeZone);
  const tag = randomUUID().slice(0, 6);
  const crewIds = Array.from({ length: options.crews }, () => randomUUID());
  await db.crew.createMany({
    data: crewIds.map((id, k) => ({
      id,
      companyId: options.companyId,
      name: `Crew ${tag}-${String(k + 1).padStart(2, "0")}`,
      color: "#16a34a",
      skills: options.skills ?? [],
      startKind: "address" as const,
      startLatitude: center.lat,
      startLongitude: center.lon,
      startLocationPrecision: "manual" as const,
    })),
  });
  await db.crewWorkingHours.createMany({
    data: crewIds.flatMap((crewId) =>
      Array.from({ length: 7 }, (_, weekday) => ({
        crewId,
        companyId: options.companyId,
        weekday,
        startMinute: 7 * 60,
        endMinute: 19 * 60,
      })),
    ),
  });
  await db.crewBreak.createMany({
    data: crewIds.map((crewId) => ({
      crewId,
      companyId: options.companyId,
      windowStartMinute: 12 * 60,
      windowEndMinute: 14 * 60,
      durationMinutes: 30,
    })),
  });
  // Cluster k lies ~8 km from the yard in its own direction; its customers sit within a few hundred metres.
  const clusterAt = (k: number, j: number) => {
    const angle = (2 * Math.PI * k) / options.crews;
    return {
      lat: center.lat + 0.07 * Math.sin(angle) + 0.002 * j,
      lon: center.lon + 0.09 * Math.cos(angle) + 0.002 * (j % 2),
    };
  };
  const customers = crewIds.flatMap((_, k) =>
    Array.from({ length: options.visitsPerCrew }, (_, j) => ({
      id: randomUUID(),
      cluster: k,
      j,
      location: clusterAt(k, j),
    })),
  );
  await db.customer.createMany({
    data: customers.map((customer) => ({
      id: customer.id,
      companyId: options.companyId,
      name: `Customer ${tag} ${customer.cluster}-${customer.j}`,
      street: `${customer.j + 1} Cluster ${customer.cluster} Rd`,
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: customer.location.lat,
      longitude: customer.location.lon,
    })),
  });
  const counter = await db.jobCounter.upsert({
    where: { companyId: options.companyId },
    create: { companyId: options.companyId, lastNumber: customers.length },
    update: { lastNumber: { increment: customers.length } },
  });
  const firstNumber = counter.lastNumber - customers.length + 1;
  const jobs = customers.map((customer, i) => ({ id: randomUUID(), customer, number: firstNumber + i }));
  await db.job.createMany({
    data: jobs.map((job) => ({
      id: job.id,
      companyId: options.companyId,
      customerId: job.customer.id,
      number: job.number,
      title: `Lawn care ${job.customer.cluster}-${job.customer.j}`,
      visitDurationMinutes: 45,
    })),
  });
  // Crew k's j-th visit goes to cluster (k + j) mod crews: every crew crosses town between every two visits.
  const routes = new Map<string, string[]>(crewIds.map((crewId) => [crewId, []]));
  const visits = crewIds.flatMap((crewId, k) =>
    Array.from({ length: options.visitsPerCrew }, (_, j) => {
      const job = jobs.find(
        (candidate) => candidate.customer.cluster === (k + j) % options.crews && candidate.customer.j === j,
      )!;
      const hour = j < 4 ? 8 + j : 14 + (j - 4);
      const start = new Date(dayStart.getTime() + hour * 3_600_000);
      const id = randomUUID();
      routes.get(crewId)!.push(id);
      return {
        id,
        companyId: options.companyId,
        jobId: job.id,
        crewId,
        status: "scheduled" as const,
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + 45 * 60_000),
        durationMinutes: 45,
      };
    }),
  );
  await db.visit.createMany({ data: visits });
  return { crewIds, visitIds: visits.map((visit) => visit.id), routes };
}
