import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCustomRecord } from "@fieldops/domain/custom-objects/create-custom-record";
import { customRecordsChanged } from "@fieldops/domain/custom-objects/custom-objects-events";
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
  tenantEndpoint(
    app,
    context,
    customObjectEndpoints.createRecord,
    ({ tx, user }, { params, body }) =>
      createCustomRecord(tx, {
        objectKey: params.objectKey,
        access: { role: user.role },
        values: body,
        userId: user.id,
      }),
    { publish: (record) => customRecordsChanged(record.objectKey, [record.id]) },
  );
  tenantEndpoint(app, context, customObjectEndpoints.record, ({ tx, user }, { params }) =>
    getCustomRecord(tx, { ...params, access: { role: user.role } }),
  );
  tenantEndpoint(
    app,
    context,
    customObjectEndpoints.updateRecord,
    ({ tx, user }, { params, body }) =>
      updateCustomRecord(tx, { ...params, access: { role: user.role }, values: body }),
    { publish: (record) => customRecordsChanged(record.objectKey, [record.id]) },
  );
  tenantEndpoint(app, context, customObjectEndpoints.deleteRecord, async (scope, { params }) => {
    await deleteCustomRecord(scope.tx, { ...params, access: { role: scope.user.role } });
    // The use case does not emit yet: the route announces the record it was asked to delete, as `publish` would.
    scope.emit(customRecordsChanged(params.objectKey, [params.id]));
    return null;
  });
};
