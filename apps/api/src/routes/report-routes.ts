import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getReport } from "@fieldops/domain/reports/get-report";
import { exportReport } from "@fieldops/domain/reports/export-report";
import { reportToCsv } from "@fieldops/domain/reports/report-csv";
import { reportEndpoints } from "@fieldops/shared/reports";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const reportRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, reportEndpoints.get, ({ tx }, { params, query }) =>
    getReport(tx, { report: params.report, query }),
  );
  tenantEndpoint(
    app,
    context,
    reportEndpoints.csv,
    (scope, { params, query }) => exportReport(scope, { report: params.report, query }),
    {
      send: (reply, report) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${report.report}-${report.from}-to-${report.to}.csv"`)
          .send(reportToCsv(report)),
    },
  );
};
