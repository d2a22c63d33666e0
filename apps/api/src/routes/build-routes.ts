import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withSystem, withTenant } from "@fieldops/db";
import { acceptBuild, startBuild } from "@fieldops/domain/builds/accept-build";
import { readBuildPricing, updateBuildPricing } from "@fieldops/domain/builds/build-pricing";
import { getBuild, listBuilds } from "@fieldops/domain/builds/build-view";
import { consentKeyFrom } from "@fieldops/domain/builds/consent-token";
import { promoteBuild, queueAfterCommit, retryBuild, rollbackBuild } from "@fieldops/domain/builds/manage-build";
import { createQuoteRequest, quoteFeatureRequest } from "@fieldops/domain/builds/request-quote";
import { forbidden } from "@fieldops/domain/errors";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  acceptBuildHeadersSchema,
  acceptBuildRequestSchema,
  acceptBuildResponseSchema,
  buildListResponseSchema,
  buildParamsSchema,
  buildPricingResponseSchema,
  buildPricingSchema,
  buildSchema,
  buildSessionParamsSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  type BuildStatus,
} from "@fieldops/shared/builds";
import type { AppEvent } from "@fieldops/shared/events";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";
import { isSupportAgent } from "./support-routes.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ["builds"];

/** The live event of a build the request changed (the workers announce their stages themselves). */
const buildUpdated = (buildId: string, status: BuildStatus): AppEvent => ({
  name: "build.updated",
  payload: { buildId, status, stage: null, stageStatus: null, line: null },
});

export const buildRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const consentKey = consentKeyFrom(context.env.DATABASE_CONTEXT_KEY);

  /** A platform administrator (role admin, or an address of PLATFORM_ADMIN_EMAILS); 403 for anyone else. */
  const requirePlatformAdmin = async (request: FastifyRequest) => {
    const user = await context.requireUser(request);
    if (!isSupportAgent(context, user)) throw forbidden();
    return user;
  };

  app.post(
    API_PATHS.buildSessionQuote,
    {
      schema: {
        tags,
        summary:
          "Quote a feature (owners and administrators): a worker turns the request (words, or a refined spec) into a spec and prices it; " +
          "the answer carries a consent token bound to this quote and user, good once until it expires",
        params: buildSessionParamsSchema,
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { proposalId, companyId, userId } = await withCompanyUser(
        context,
        request,
        async ({ tx, user }) => ({
          ...(await createQuoteRequest(tx, {
            companyId: user.companyId,
            userId: user.id,
            sessionId: request.params.sessionId,
            request: request.body,
          })),
          companyId: user.companyId,
          userId: user.id,
        }),
        { capability: "builds.manage" },
      );
      return quoteFeatureRequest(
        { db: context.db, queues: context.queues, consentKey },
        { companyId, userId, proposalId },
      );
    },
  );

  app.post(
    API_PATHS.builds,
    {
      schema: {
        tags,
        summary:
          "Accept a quote and start its build, once per Idempotency-Key (the same key answers with the same build, also when sent at once); " +
          "a consent token used, expired, or not the caller's is refused",
        headers: acceptBuildHeadersSchema,
        body: acceptBuildRequestSchema,
        response: { 201: acceptBuildResponseSchema, 200: acceptBuildResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { build, fresh, start } = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          acceptBuild(tx, {
            companyId: user.companyId,
            userId: user.id,
            idempotencyKey: request.headers["idempotency-key"],
            consentToken: request.body.consentToken,
            instanceId: request.body.instanceId,
            consentKey,
            now: new Date(),
          }),
        {
          capability: "builds.manage",
          publish: ({ build: started, fresh: isNew }) => (isNew ? [buildUpdated(started.id, started.status)] : []),
        },
      );
      if (start) await startBuild(context.queues, build);
      return reply.status(fresh ? 201 : 200).send({ buildId: build.id, etaMinutes: build.etaMinutes });
    },
  );

  app.get(
    API_PATHS.builds,
    {
      schema: {
        tags,
        summary: "The company's feature builds with their stages, logs and durations, newest first",
        response: { 200: buildListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      items: await withCompanyUser(context, request, ({ tx }) => listBuilds(tx), { capability: "builds.manage" }),
    }),
  );

  app.get(
    API_PATHS.build,
    {
      schema: {
        tags,
        summary: "One build of the company's",
        params: buildParamsSchema,
        response: { 200: buildSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getBuild(tx, request.params.id), { capability: "builds.manage" }),
  );

  const manage = (
    path: string,
    summary: string,
    change: (
      tx: Parameters<typeof promoteBuild>[0],
      input: { buildId: string; userId: string },
    ) => ReturnType<typeof promoteBuild>,
  ) =>
    app.post(
      path,
      { schema: { tags, summary, params: buildParamsSchema, response: { 200: buildSchema, ...errors } } },
      async (request) => {
        const changed = await withCompanyUser(
          context,
          request,
          ({ tx, user }) => change(tx, { buildId: request.params.id, userId: user.id }),
          {
            capability: "builds.manage",
            publish: ({ build }) => [
              buildUpdated(build.id, build.status),
              ...(build.status === "rolled_back"
                ? [{ name: "custom_objects.changed" as const, payload: { buildId: build.id } }]
                : []),
            ],
          },
        );
        await queueAfterCommit(context.queues, changed);
        const companyId = changed.build.companyId;
        return withTenant(context.db, companyId, (tx) => getBuild(tx, changed.build.id));
      },
    );
  manage(
    API_PATHS.buildPromote,
    "Promote a build in preview to production (every user of the company gets it; its quote is charged then)",
    promoteBuild,
  );
  manage(API_PATHS.buildRetry, "Run a failed build again from the stage that failed", retryBuild);
  manage(
    API_PATHS.buildRollback,
    "Roll a build back: its feature leaves the app, the records entered stay until deleted",
    rollbackBuild,
  );

  app.get(
    API_PATHS.adminBuilds,
    {
      schema: {
        tags,
        summary: "Every company's feature builds (platform administrators)",
        response: { 200: buildListResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requirePlatformAdmin(request);
      return { items: await withSystem(context.db, (tx) => listBuilds(tx)) };
    },
  );

  app.get(
    API_PATHS.adminBuildPricing,
    {
      schema: {
        tags,
        summary: "The price list of feature builds (platform administrators)",
        response: { 200: buildPricingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requirePlatformAdmin(request);
      return withSystem(context.db, (tx) => readBuildPricing(tx));
    },
  );

  app.put(
    API_PATHS.adminBuildPricing,
    {
      schema: {
        tags,
        summary: "Change the price list of feature builds (platform administrators); later quotes use it",
        body: buildPricingSchema,
        response: { 200: buildPricingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requirePlatformAdmin(request);
      return withSystem(context.db, (tx) => updateBuildPricing(tx, request.body, user.id));
    },
  );
};
