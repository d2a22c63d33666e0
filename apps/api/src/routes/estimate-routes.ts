import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { convertEstimate } from "@fieldops/domain/estimates/convert-estimate";
import { createEstimate } from "@fieldops/domain/estimates/create-estimate";
import { createEstimateLink } from "@fieldops/domain/estimates/create-estimate-link";
import { declineEstimate } from "@fieldops/domain/estimates/decline-estimate";
import { getEstimate } from "@fieldops/domain/estimates/get-estimate";
import { listEstimates } from "@fieldops/domain/estimates/list-estimates";
import { estimatePdfFile } from "@fieldops/domain/estimates/render-estimate-pdf";
import { sendEstimate } from "@fieldops/domain/estimates/send-estimate";
import { updateEstimate } from "@fieldops/domain/estimates/update-estimate";
import { publicLinkUrl } from "@fieldops/domain/public-links/public-link-token";
import { estimateEndpoints } from "@fieldops/shared/estimates";
import { reviewEstimatePath } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";
import { sendPdf } from "../http/pdf-reply.ts";

export const estimateRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, estimateEndpoints.list, ({ tx }, { query }) => listEstimates(tx, query));
  tenantEndpoint(app, context, estimateEndpoints.create, (scope, { body }) => createEstimate(scope, body));
  tenantEndpoint(app, context, estimateEndpoints.get, ({ tx }, { params }) =>
    getEstimate(tx, { estimateId: params.id }),
  );
  tenantEndpoint(
    app,
    context,
    estimateEndpoints.pdf,
    (scope, { params }) => estimatePdfFile(scope, { id: params.id }),
    {
      send: sendPdf,
    },
  );
  tenantEndpoint(app, context, estimateEndpoints.update, (scope, { params, body }) =>
    updateEstimate(scope, { ...body, estimateId: params.id }),
  );
  tenantEndpoint(app, context, estimateEndpoints.send, async (scope, { params, body }, request) => {
    const origin = appOrigin(context, request);
    const sent = await sendEstimate(scope, { ...body, estimateId: params.id, origin });
    return { estimate: sent.estimate, url: publicLinkUrl(origin, reviewEstimatePath(sent.estimate.id), sent.token) };
  });
  tenantEndpoint(app, context, estimateEndpoints.createLink, async (scope, { params }, request) => {
    const origin = appOrigin(context, request);
    const token = await createEstimateLink(scope, { estimateId: params.id });
    return { url: publicLinkUrl(origin, reviewEstimatePath(params.id), token) };
  });
  tenantEndpoint(app, context, estimateEndpoints.decline, (scope, { params }) =>
    declineEstimate(scope, { estimateId: params.id }),
  );
  tenantEndpoint(app, context, estimateEndpoints.convert, async (scope, { params, body }) => {
    const converted = await convertEstimate(scope, { ...body, estimateId: params.id });
    return { estimate: converted.estimate, jobId: converted.jobId };
  });
};
