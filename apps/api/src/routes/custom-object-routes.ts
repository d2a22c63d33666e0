import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCustomRecord } from "@fieldops/domain/custom-objects/create-custom-record";
import { deleteCustomRecord } from "@fieldops/domain/custom-objects/delete-custom-record";
import { getCustomRecord } from "@fieldops/domain/custom-objects/get-custom-record";
import { listCustomObjects } from "@fieldops/domain/custom-objects/list-custom-objects";
import { listCustomRecords } from "@fieldops/domain/custom-objects/list-custom-records";
import { updateCustomRecord } from "@fieldops/domain/custom-objects/update-custom-record";
import { customObjectEndpoints } from "@fieldops/shared/custom-objects";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/**
 * The REST routes of every custom object a feature build installed, by object key. The body of a record is its
 * values by field key; the object's definition types them (a bad value is a 400 naming its field).
 */
export const customObjectRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, customObjectEndpoints.objects, ({ tx, user }) =>
    listCustomObjects(tx, { access: { role: user.role } }),
  );
  tenantEndpoint(app, context, customObjectEndpoints.records, ({ tx, user }, { params, query }) =>
    listCustomRecords(tx, { ...query, objectKey: params.objectKey, access: { role: user.role } }),
  );
  tenantEndpoint(app, context, customObjectEndpoints.createRecord, (scope, { params, body }) =>
    createCustomRecord(scope, { objectKey: params.objectKey, access: { role: scope.user.role }, values: body }),
  );
  tenantEndpoint(app, context, customObjectEndpoints.record, ({ tx, user }, { params }) =>
    getCustomRecord(tx, { ...params, access: { role: user.role } }),
  );
  tenantEndpoint(app, context, customObjectEndpoints.updateRecord, (scope, { params, body }) =>
    updateCustomRecord(scope, { ...params, access: { role: scope.user.role }, values: body }),
  );
  tenantEndpoint(app, context, customObjectEndpoints.deleteRecord, async (scope, { params }) => {
    await deleteCustomRecord(scope, { ...params, access: { role: scope.user.role } });
    return null;
  });
};
