import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addJobNote } from "@fieldops/domain/jobs/add-job-note";
import { createJob } from "@fieldops/domain/jobs/create-job";
import { getJob } from "@fieldops/domain/jobs/get-job";
import { listCustomerOptions } from "@fieldops/domain/jobs/list-customer-options";
import { listJobs } from "@fieldops/domain/jobs/list-jobs";
import { listVisits } from "@fieldops/domain/jobs/list-visits";
import { scheduleVisit } from "@fieldops/domain/jobs/schedule-visit";
import { transitionVisit } from "@fieldops/domain/jobs/transition-visit";
import { updateJob } from "@fieldops/domain/jobs/update-job";
import { getVisit } from "@fieldops/domain/jobs/visit-access";
import { jobEndpoints, visitEndpoints } from "@fieldops/shared/jobs";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const jobsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, jobEndpoints.list, ({ tx }, { query }) => listJobs(tx, query));
  tenantEndpoint(app, context, jobEndpoints.create, (scope, { body }) => createJob(scope, body));
  tenantEndpoint(app, context, jobEndpoints.customerOptions, ({ tx }, { query }) => listCustomerOptions(tx, query));
  tenantEndpoint(app, context, jobEndpoints.get, ({ tx }, { params }) => getJob(tx, { jobId: params.id }));
  tenantEndpoint(app, context, jobEndpoints.update, (scope, { params, body }) =>
    updateJob(scope, { ...body, jobId: params.id }),
  );
  tenantEndpoint(app, context, jobEndpoints.visits, async ({ tx }, { params }) => ({
    items: (await getJob(tx, { jobId: params.id })).visits,
  }));
  tenantEndpoint(app, context, jobEndpoints.addNote, (scope, { params, body }) =>
    addJobNote(scope, { jobId: params.id, body: body.body }),
  );

  tenantEndpoint(app, context, visitEndpoints.list, ({ tx, actor }, { query }) => listVisits(tx, { ...query, actor }));
  tenantEndpoint(app, context, visitEndpoints.get, ({ tx, actor }, { params }) =>
    getVisit(tx, { visitId: params.id, actor }),
  );
  tenantEndpoint(app, context, visitEndpoints.schedule, (scope, { params, body }) =>
    scheduleVisit(scope, { ...body, visitId: params.id }),
  );
  tenantEndpoint(app, context, visitEndpoints.transition, (scope, { params, headers, body }) =>
    transitionVisit(scope, { ...body, visitId: params.id, idempotencyKey: headers["idempotency-key"] }),
  );
};
