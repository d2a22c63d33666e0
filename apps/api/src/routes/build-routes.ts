import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withSystem, withTenant } from "@fieldops/db";
import { acceptBuild, startBuild } from "@fieldops/domain/builds/accept-build";
import { readBuildPricing, updateBuildPricing } from "@fieldops/domain/builds/build-pricing";
import { getBuild, listBuilds } from "@fieldops/domain/builds/build-view";
import { consentKeyFrom } from "@fieldops/domain/builds/consent-token";
import { promoteBuild, queueAfterCommit, retryBuild, rollbackBuild } from "@fieldops/domain/builds/manage-build";
import { createQuoteRequest, quoteFeatureRequest } from "@fieldops/domain/builds/request-quote";
import { buildEndpoints } from "@fieldops/shared/builds";
import type { AppContext } from "../context.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { requirePlatformAdmin } from "../http/platform-admin.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

/**
 * A company's feature builds, and the platform administrators' view of them. The quote, the acceptance and the
 * promotion, retry and rollback queue work once their transaction has committed (a quote then waits for its worker),
 * so those routes open the company's transaction themselves (`withCompanyUser`) and go on after it.
 */
export const buildRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const consentKey = consentKeyFrom(context.env.DATABASE_CONTEXT_KEY);

  registerEndpoint(app, buildEndpoints.quote, async ({ params, body }, request) => {
    const { proposalId, companyId, userId } = await withCompanyUser(
      context,
      request,
      async (scope) => ({
        ...(await createQuoteRequest(scope, { sessionId: params.sessionId, request: body })),
        companyId: scope.companyId,
        userId: scope.actor.userId,
      }),
      { capability: buildEndpoints.quote.capability },
    );
    return quoteFeatureRequest(
      { db: context.db, queues: context.queues, consentKey },
      { companyId, userId, proposalId },
    );
  });

  registerEndpoint(
    app,
    buildEndpoints.accept,
    async ({ headers, body }, request) => {
      const { build, fresh, start } = await withCompanyUser(
        context,
        request,
        (scope) =>
          acceptBuild(scope, {
            idempotencyKey: headers["idempotency-key"],
            consentToken: body.consentToken,
            instanceId: body.instanceId,
            consentKey,
            now: new Date(),
          }),
        { capability: buildEndpoints.accept.capability },
      );
      if (start) await startBuild(context.queues, build);
      return { fresh, answer: { buildId: build.id, etaMinutes: build.etaMinutes } };
    },
    // The same Idempotency-Key again answers 200 with the build it started.
    { send: (reply, { fresh, answer }) => reply.status(fresh ? 201 : 200).send(answer) },
  );

  tenantEndpoint(app, context, buildEndpoints.list, async ({ tx }) => ({ items: await listBuilds(tx) }));
  tenantEndpoint(app, context, buildEndpoints.get, ({ tx }, { params }) => getBuild(tx, params.id));

  const manage = (
    endpoint: typeof buildEndpoints.promote | typeof buildEndpoints.retry | typeof buildEndpoints.rollback,
    change: typeof promoteBuild,
  ) =>
    registerEndpoint(app, endpoint, async ({ params }, request) => {
      const changed = await withCompanyUser(context, request, (scope) => change(scope, { buildId: params.id }), {
        capability: endpoint.capability,
      });
      await queueAfterCommit(context.queues, changed);
      return withTenant(context.db, changed.build.companyId, (tx) => getBuild(tx, changed.build.id));
    });
  manage(buildEndpoints.promote, promoteBuild);
  manage(buildEndpoints.retry, retryBuild);
  manage(buildEndpoints.rollback, rollbackBuild);

  registerEndpoint(app, buildEndpoints.adminList, async (_input, request) => {
    await requirePlatformAdmin(context, request);
    return { items: await withSystem(context.db, (tx) => listBuilds(tx)) };
  });

  registerEndpoint(app, buildEndpoints.pricing, async (_input, request) => {
    await requirePlatformAdmin(context, request);
    return withSystem(context.db, (tx) => readBuildPricing(tx));
  });

  registerEndpoint(app, buildEndpoints.savePricing, async ({ body }, request) => {
    const user = await requirePlatformAdmin(context, request);
    return withSystem(context.db, (tx) => updateBuildPricing(tx, body, user.id));
  });
};
