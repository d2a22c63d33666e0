import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addFieldNote } from "@fieldops/domain/field-app/add-field-note";
import { getFieldVisit, listFieldVisits } from "@fieldops/domain/field-app/list-field-visits";
import { listFieldThreads } from "@fieldops/domain/field-app/list-field-threads";
import { setChecklistItem } from "@fieldops/domain/field-app/set-checklist-item";
import { fieldAppEndpoints } from "@fieldops/shared/field-app";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const fieldAppRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, fieldAppEndpoints.visits, ({ tx, actor }) => listFieldVisits(tx, { actor }));
  tenantEndpoint(app, context, fieldAppEndpoints.visit, ({ tx, actor }, { params }) =>
    getFieldVisit(tx, { actor, visitId: params.id }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.setChecklistItem, (scope, { params, headers, body }) =>
    setChecklistItem(scope, {
      visitId: params.id,
      itemId: params.itemId,
      done: body.done,
      idempotencyKey: headers["idempotency-key"],
    }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.addNote, (scope, { params, headers, body }) =>
    addFieldNote(scope, { visitId: params.id, body: body.body, idempotencyKey: headers["idempotency-key"] }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.threads, ({ tx, actor }) => listFieldThreads(tx, { actor }));
};
