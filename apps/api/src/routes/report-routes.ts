import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getReport } from "@fieldops/domain/reports/get-report";
import { reportToCsv } from "@fieldops/domain/reports/report-csv";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { reportParamsSchema, reportQuerySchema, reportSchema } from "@fieldops/shared/reports";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const reportRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.report,
    {
      schema: {
        tags: ["reports"],
        summary: "One of the company's reports over a range of its calendar days (Growth plan and above)",
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx }) => getReport(tx, { report: request.params.report, query: request.query }),
        {
          capability: "reports.read",
        },
      ),
  );

  app.get(
    API_PATHS.reportCsv,
    {
      schema: {
        tags: ["reports"],
        summary: "A report as CSV (Growth plan and above)",
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const report = await withCompanyUser(
        context,
        request,
        ({ tx }) => getReport(tx, { report: request.params.report, query: request.query }),
        {
          capability: "reports.read",
        },
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${report.report}-${report.from}-to-${report.to}.csv"`)
        .send(reportToCsv(report));
    },
  );
};
