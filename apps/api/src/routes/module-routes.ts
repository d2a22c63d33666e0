import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { approveModuleRun, denyModuleRun } from "@fieldops/domain/modules/decide-module-approval";
import { listModuleApprovals } from "@fieldops/domain/modules/list-module-approvals";
import { findOwnModuleRun, toModuleRun } from "@fieldops/domain/modules/module-run-row";
import { requestModuleRun } from "@fieldops/domain/modules/request-module-run";
import { undoModuleRun } from "@fieldops/domain/modules/undo-module-run";
import { notFound } from "@fieldops/domain/errors";
import { moduleEndpoints } from "@fieldops/shared/modules";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const moduleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, moduleEndpoints.execute, (scope, { headers, body }) =>
    requestModuleRun(scope, {
      moduleId: body.moduleId,
      params: body.params,
      idempotencyKey: headers["idempotency-key"] ?? null,
    }),
  );
  tenantEndpoint(app, context, moduleEndpoints.run, async (scope, { params }) =>
    toModuleRun(await findOwnModuleRun(scope, params.id)),
  );
  tenantEndpoint(app, context, moduleEndpoints.undoRun, (scope, { params }) =>
    undoModuleRun(scope, { runId: params.id }),
  );
  tenantEndpoint(
    app,
    context,
    moduleEndpoints.downloadRun,
    async (scope, { params }) => {
      const run = await findOwnModuleRun(scope, params.id);
      if (run.output === null || run.status !== "succeeded") throw notFound("This run has no file to download");
      return { csv: run.output, day: run.finishedAt!.toISOString().slice(0, 10) };
    },
    {
      send: (reply, { csv, day }) =>
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="customers-${day}.csv"`)
          .send(csv),
    },
  );
  tenantEndpoint(app, context, moduleEndpoints.approvals, ({ tx }) => listModuleApprovals(tx));
  tenantEndpoint(app, context, moduleEndpoints.approve, async (scope, { params, body }) => ({
    run: toModuleRun(await approveModuleRun(scope, { approvalId: params.id, paramsHash: body.paramsHash })),
  }));
  tenantEndpoint(app, context, moduleEndpoints.deny, async (scope, { params, body }) => ({
    run: toModuleRun(await denyModuleRun(scope, { approvalId: params.id, reason: body.reason })),
  }));
};
