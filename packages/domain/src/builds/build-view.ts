import type { Build, BuildStage, SystemTransaction, TenantTransaction } from "@fieldops/db";
import { BUILD_STAGE_LABELS, buildCheckSchema, buildLogLineSchema, type BuildView } from "@fieldops/shared/builds";
import { featureSpecSchema } from "@fieldops/shared/feature-spec";
import { z } from "zod";
import { notFound } from "../errors.ts";

const logSchema = z.array(buildLogLineSchema).catch([]);
const checksSchema = z.array(buildCheckSchema).nullable().catch(null);

type BuildWithStages = Build & { stages: BuildStage[] };

function toBuildView(
  build: BuildWithStages,
  people: Map<string, { email: string; name: string | null }>,
  companies: Map<string, string>,
): BuildView {
  const spec = featureSpecSchema.safeParse(build.spec);
  const acceptedBy = people.get(build.acceptedByUserId);
  return {
    id: build.id,
    companyId: build.companyId,
    companyName: companies.get(build.companyId) ?? null,
    proposalId: build.proposalId,
    featureName: build.featureName,
    description: spec.success ? spec.data.description : "",
    status: build.status,
    currentStage: build.currentStage,
    risk: build.risk,
    priceUsd: build.priceCents / 100,
    etaMinutes: build.etaMinutes,
    acceptedBy: { id: build.acceptedByUserId, email: acceptedBy?.email ?? null, name: acceptedBy?.name ?? null },
    entities: spec.success ? spec.data.entities.map((entity) => ({ key: entity.key, name: entity.name })) : [],
    error: build.error,
    createdAt: build.createdAt.toISOString(),
    previewAt: build.previewAt?.toISOString() ?? null,
    productionAt: build.productionAt?.toISOString() ?? null,
    rolledBackAt: build.rolledBackAt?.toISOString() ?? null,
    stages: [...build.stages]
      .sort((a, b) => a.position - b.position)
      .map((stage) => ({
        stage: stage.stage,
        label: BUILD_STAGE_LABELS[stage.stage],
        status: stage.status,
        attempts: stage.attempts,
        log: logSchema.parse(stage.log),
        checks: checksSchema.parse(stage.checks ?? null),
        error: stage.error,
        startedAt: stage.startedAt?.toISOString() ?? null,
        finishedAt: stage.finishedAt?.toISOString() ?? null,
        durationMs: stage.durationMs,
      })),
  };
}

const LIST_LIMIT = 200;

/** Builds with who accepted them (and, across companies, the company's name), newest first. */
async function listBuildsIn(tx: TenantTransaction | SystemTransaction, where: { id?: string }): Promise<BuildView[]> {
  const builds = await tx.build.findMany({
    where,
    include: { stages: true },
    orderBy: { createdAt: "desc" },
    take: LIST_LIMIT,
  });
  const userIds = [...new Set(builds.map((build) => build.acceptedByUserId))];
  const companyIds = [...new Set(builds.map((build) => build.companyId))];
  const [users, companies] = await Promise.all([
    tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, name: true } }),
    tx.company.findMany({ where: { id: { in: companyIds } }, select: { id: true, name: true } }),
  ]);
  const people = new Map(users.map((user) => [user.id, user]));
  const names = new Map(companies.map((company) => [company.id, company.name]));
  return builds.map((build) => toBuildView(build, people, names));
}

/** The company's builds (its own transaction), or every company's for the platform's monitor (the system context). */
export function listBuilds(tx: TenantTransaction | SystemTransaction): Promise<BuildView[]> {
  return listBuildsIn(tx, {});
}

export async function getBuild(tx: TenantTransaction, buildId: string): Promise<BuildView> {
  const [build] = await listBuildsIn(tx, { id: buildId });
  if (!build) throw notFound("Build not found");
  return build;
}
