import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { approveModuleRun, denyModuleRun } from "@fieldops/domain/modules/decide-module-approval";
import { listModuleApprovals } from "@fieldops/domain/modules/list-module-approvals";
import { findOwnModuleRun, toModuleRun, type ModuleRunRow } from "@fieldops/domain/modules/module-run-row";
import { requestModuleRun } from "@fieldops/domain/modules/request-module-run";
import { undoModuleRun } from "@fieldops/domain/modules/undo-module-run";
import { notFound } from "@fieldops/domain/errors";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { idParamsSchema } from "@fieldops/shared/jobs";
import {
  approvalListResponseSchema,
  approveRequestSchema,
  denyRequestSchema,
  executeModuleRequestSchema,
  executeModuleResponseSchema,
  moduleRunSchema,
} from "@fieldops/shared/modules";
import { text } from "@fieldops/shared/text";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { withCompanyUser, type TenantScope } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };
const executeHeadersSchema = z.object({ "idempotency-key": text({ max: 100 }).min(1).optional() });
const approvalEntrySchema = z.object({ run: moduleRunSchema });

export const moduleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.post(
    API_PATHS.modulesExecute,
    {
      schema: {
        tags: ["modules"],
        summary:
          "Run a business module: checked for role, plan and policy, then queued, or stored for an owner's or administrator's approval",
        headers: executeHeadersSchema,
        body: executeModuleRequestSchema,
        response: { 200: executeModuleResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, (scope) =>
        requestModuleRun(scope, {
          moduleId: request.body.moduleId,
          params: request.body.params,
          idempotencyKey: request.headers["idempotency-key"] ?? null,
        }),
      ),
  );

  app.get(
    API_PATHS.moduleRun,
    {
      schema: {
        tags: ["modules"],
        summary: "One of the user's module runs: its status and outcome",
        params: idParamsSchema,
        response: { 200: moduleRunSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async ({ tx, user }) =>
        toModuleRun(await findOwnModuleRun(tx, request.params.id, user.id)),
      ),
  );

  app.post(
    API_PATHS.moduleRunUndo,
    {
      schema: {
        tags: ["modules"],
        summary: "Undo one of the user's module runs, within 5 minutes of it finishing (idempotent)",
        params: idParamsSchema,
        response: { 200: moduleRunSchema, ...writeErrors },
      },
    },
    async (request) => withCompanyUser(context, request, (scope) => undoModuleRun(scope, { runId: request.params.id })),
  );

  app.get(
    API_PATHS.moduleRunDownload,
    {
      schema: {
        tags: ["modules"],
        summary: "The file a module run produced (the customers' CSV), for the user who ran it",
        params: idParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const run = await withCompanyUser(context, request, ({ tx, user }) =>
        findOwnModuleRun(tx, request.params.id, user.id),
      );
      if (run.output === null || run.status !== "succeeded") throw notFound("This run has no file to download");
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="customers-${run.finishedAt!.toISOString().slice(0, 10)}.csv"`,
        )
        .send(run.output);
    },
  );

  app.get(
    API_PATHS.approvals,
    {
      schema: {
        tags: ["modules"],
        summary: "Module runs waiting for an owner's or administrator's approval",
        response: { 200: approvalListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listModuleApprovals(tx), { capability: "approvals.decide" }),
  );

  const decide = async (request: FastifyRequest, work: (scope: TenantScope) => Promise<ModuleRunRow>) => {
    const decided = await withCompanyUser(context, request, work, { capability: "approvals.decide" });
    return { run: toModuleRun(decided) };
  };

  app.post(
    API_PATHS.approvalApprove,
    {
      schema: {
        tags: ["modules"],
        summary:
          "Approve a pending module run, naming the parameters' hash that was shown; the run is queued once (idempotent)",
        params: idParamsSchema,
        body: approveRequestSchema,
        response: { 200: approvalEntrySchema, ...writeErrors },
      },
    },
    async (request) =>
      decide(request, (scope) =>
        approveModuleRun(scope, { approvalId: request.params.id, paramsHash: request.body.paramsHash }),
      ),
  );

  app.post(
    API_PATHS.approvalDeny,
    {
      schema: {
        tags: ["modules"],
        summary: "Deny a pending module run with a reason the requester is told",
        params: idParamsSchema,
        body: denyRequestSchema,
        response: { 200: approvalEntrySchema, ...writeErrors },
      },
    },
    async (request) =>
      decide(request, (scope) => denyModuleRun(scope, { approvalId: request.params.id, reason: request.body.reason })),
  );
};
