import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { BUILD_STAGES } from "@fieldops/shared/builds";
import { featureSpecSchema } from "@fieldops/shared/feature-spec";
import { conflict, forbidden, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { verifyConsentToken } from "./consent-token.ts";
import { queueBuildStages, type BuildRow } from "./build-pipeline.ts";
import { buildChanged } from "./builds-events.ts";

export interface AcceptBuildInput {
  idempotencyKey: string;
  consentToken: string;
  instanceId: string;
  consentKey: Buffer;
  now: Date;
}

/**
 * Starts the build of a quote its consent token authorizes, once per Idempotency-Key: requests with the same key take
 * turns (a transaction-scoped lock on the company and key) and all answer with the one build the first made. The token
 * must be this server's, unexpired, the caller's, for this company, and unused (a quote is built once). A new build is
 * announced; its stages are the caller's to queue once the transaction has committed (`startBuild`).
 */
export async function acceptBuild(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: AcceptBuildInput,
): Promise<{ build: BuildRow; fresh: boolean; start: boolean }> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`build:${companyId}:${input.idempotencyKey}`}, 0))`;
  const existing = await tx.build.findUnique({
    where: { companyId_idempotencyKey: { companyId, idempotencyKey: input.idempotencyKey } },
  });
  if (existing) {
    // A build no stage of which has started may never have reached the queue (Redis failed after the commit): the
    // retried request queues it again, which adds nothing when its jobs are there.
    const untouched =
      existing.run === 1 &&
      existing.status === "queued" &&
      (await tx.buildStage.count({ where: { buildId: existing.id, attempts: { gt: 0 } } })) === 0;
    return { build: existing, fresh: false, start: untouched };
  }

  const company = await tx.company.findUnique({ where: { id: companyId }, select: { id: true, slug: true } });
  if (!company) throw notFound();
  if (input.instanceId !== company.id && input.instanceId !== company.slug)
    throw forbidden("This build is for another company");
  const claims = verifyConsentToken(input.consentKey, input.consentToken);
  if (!claims || claims.companyId !== companyId) throw forbidden("The consent token is not valid");
  if (claims.userId !== actor.userId) throw forbidden("The consent token was issued to someone else");
  if (claims.expiresAt <= input.now) throw forbidden("The consent token has expired: ask for a new quote");

  const [proposal] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM build_proposals WHERE id = ${claims.proposalId}::uuid FOR UPDATE`;
  if (!proposal) throw notFound("Quote not found");
  const quoted = await tx.buildProposal.findUniqueOrThrow({ where: { id: proposal.id } });
  if (
    quoted.status !== "quoted" ||
    !quoted.spec ||
    quoted.priceCents === null ||
    quoted.etaMinutes === null ||
    !quoted.risk
  )
    throw conflict("This quote is not ready");
  if (quoted.consentUsedAt) throw conflict("This quote has already been accepted");
  const spec = featureSpecSchema.parse(quoted.spec);

  await tx.buildProposal.update({ where: { id: quoted.id }, data: { consentUsedAt: input.now } });
  const build = await tx.build.create({
    data: {
      companyId,
      proposalId: quoted.id,
      idempotencyKey: input.idempotencyKey,
      instanceId: input.instanceId,
      acceptedByUserId: actor.userId,
      featureName: spec.featureName,
      spec,
      priceCents: quoted.priceCents,
      etaMinutes: quoted.etaMinutes,
      risk: quoted.risk,
      currentStage: "generate",
    },
  });
  await tx.buildStage.createMany({
    data: BUILD_STAGES.map((stage, position) => ({ companyId, buildId: build.id, stage, position })),
  });
  emit(buildChanged(build));
  return { build, fresh: true, start: true };
}

/** After the accepting transaction committed: its stages up to the preview go to the workers (again harmlessly). */
export async function startBuild(queues: TaskQueues, build: Pick<BuildRow, "id" | "companyId" | "run">): Promise<void> {
  await queueBuildStages(queues, build, ["generate", "test", "preview"]);
}
