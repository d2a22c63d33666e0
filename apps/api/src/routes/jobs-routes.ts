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
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  addJobNoteRequestSchema,
  createJobRequestSchema,
  customerOptionsQuerySchema,
  customerOptionsResponseSchema,
  idParamsSchema,
  jobDetailSchema,
  jobListResponseSchema,
  jobNoteSchema,
  listJobsQuerySchema,
  listVisitsQuerySchema,
  scheduleVisitRequestSchema,
  transitionVisitRequestSchema,
  updateJobRequestSchema,
  visitListResponseSchema,
  visitSchema,
} from "@fieldops/shared/jobs";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };

export const jobsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.jobs,
    {
      schema: {
        tags: ["jobs"],
        summary: "The company's jobs, newest first, filtered and paged by cursor",
        querystring: listJobsQuerySchema,
        response: { 200: jobListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listJobs(tx, request.query), { capability: "jobs.manage" }),
  );

  app.post(
    API_PATHS.jobs,
    {
      schema: {
        tags: ["jobs"],
        summary: "Create a one-off or recurring job",
        body: createJobRequestSchema,
        response: { 201: jobDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(context, request, (scope) => createJob(scope, request.body), {
          capability: "jobs.manage",
        }),
      ),
  );

  app.get(
    API_PATHS.jobCustomerOptions,
    {
      schema: {
        tags: ["jobs"],
        summary: "Customers a job can be for, by name",
        querystring: customerOptionsQuerySchema,
        response: { 200: customerOptionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listCustomerOptions(tx, request.query), {
        capability: "jobs.manage",
      }),
  );

  app.get(
    API_PATHS.job,
    {
      schema: {
        tags: ["jobs"],
        summary: "A job with its visits, line items, checklist, notes and history",
        params: idParamsSchema,
        response: { 200: jobDetailSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getJob(tx, { jobId: request.params.id }), {
        capability: "jobs.manage",
      }),
  );

  app.patch(
    API_PATHS.job,
    {
      schema: {
        tags: ["jobs"],
        summary: "Edit, close or mark a job invoiced",
        params: idParamsSchema,
        body: updateJobRequestSchema,
        response: { 200: jobDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, (scope) => updateJob(scope, { ...request.body, jobId: request.params.id }), {
        capability: "jobs.manage",
      }),
  );

  app.get(
    API_PATHS.jobVisits,
    {
      schema: {
        tags: ["jobs"],
        summary: "A job's visits",
        params: idParamsSchema,
        response: { 200: visitListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        async ({ tx }) => ({ items: (await getJob(tx, { jobId: request.params.id })).visits }),
        { capability: "jobs.manage" },
      ),
  );

  app.post(
    API_PATHS.jobNotes,
    {
      schema: {
        tags: ["jobs"],
        summary: "Add a note to a job",
        params: idParamsSchema,
        body: addJobNoteRequestSchema,
        response: { 201: jobNoteSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await withCompanyUser(
            context,
            request,
            (scope) => addJobNote(scope, { jobId: request.params.id, body: request.body.body }),
            { capability: "jobs.manage" },
          ),
        ),
  );

  app.get(
    API_PATHS.visits,
    {
      schema: {
        tags: ["visits"],
        summary: "Visits in a time range (a field user's own crews' only)",
        querystring: listVisitsQuerySchema,
        response: { 200: visitListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, actor }) => listVisits(tx, { ...request.query, actor })),
  );

  app.get(
    API_PATHS.visit,
    {
      schema: {
        tags: ["visits"],
        summary: "A visit (a field user's own crew's only)",
        params: idParamsSchema,
        response: { 200: visitSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, actor }) => getVisit(tx, { visitId: request.params.id, actor })),
  );

  app.post(
    API_PATHS.visitSchedule,
    {
      schema: {
        tags: ["visits"],
        summary: "Give a visit a crew, a start and a duration (with the version seen)",
        params: idParamsSchema,
        body: scheduleVisitRequestSchema,
        response: { 200: visitSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        (scope) => scheduleVisit(scope, { ...request.body, visitId: request.params.id }),
        { capability: "jobs.manage" },
      ),
  );

  app.post(
    API_PATHS.visitTransition,
    {
      schema: {
        tags: ["visits"],
        summary: "Move a visit along its lifecycle (with the version seen)",
        params: idParamsSchema,
        body: transitionVisitRequestSchema,
        response: { 200: visitSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, (scope) =>
        transitionVisit(scope, { ...request.body, visitId: request.params.id }),
      ),
  );
};
