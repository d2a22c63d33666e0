import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createCustomRecord } from "@fieldops/domain/custom-objects/create-custom-record";
import { deleteCustomRecord } from "@fieldops/domain/custom-objects/delete-custom-record";
import { getCustomRecord } from "@fieldops/domain/custom-objects/get-custom-record";
import { listCustomObjects } from "@fieldops/domain/custom-objects/list-custom-objects";
import { listCustomRecords } from "@fieldops/domain/custom-objects/list-custom-records";
import { updateCustomRecord } from "@fieldops/domain/custom-objects/update-custom-record";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  customObjectDefinitionListSchema,
  customObjectKeyParamsSchema,
  customRecordListSchema,
  customRecordParamsSchema,
  customRecordSchema,
  customRecordValuesSchema,
  deleteCustomRecordQuerySchema,
  listCustomRecordsQuerySchema,
} from "@fieldops/shared/custom-objects";
import type { AppContext } from "../context.ts";
import { customRecordsChanged } from "@fieldops/domain/custom-objects/custom-objects-events";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...readErrors, 403: errorResponseSchema };

/**
 * The REST routes of every custom object a feature build installed, by object key. The body of a record is its
 * values by field key; the object's definition types them (a bad value is a 400 naming its field).
 */
export const customObjectRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.customObjects,
    {
      schema: {
        tags: ["custom objects"],
        summary:
          "The company's custom objects the user reaches: production ones, and preview ones for owners and admins in beta mode",
        response: { 200: customObjectDefinitionListSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) => listCustomObjects(tx, { access: { role: user.role } })),
  );

  app.get(
    API_PATHS.customRecords,
    {
      schema: {
        tags: ["custom objects"],
        summary: "A custom object's records, newest first, searched by their text or by the record they point at",
        params: customObjectKeyParamsSchema,
        querystring: listCustomRecordsQuerySchema,
        response: { 200: customRecordListSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) =>
        listCustomRecords(tx, { ...request.query, objectKey: request.params.objectKey, access: { role: user.role } }),
      ),
  );

  app.post(
    API_PATHS.customRecords,
    {
      schema: {
        tags: ["custom objects"],
        summary: "Create a record of a custom object: its values by field key",
        params: customObjectKeyParamsSchema,
        body: customRecordValuesSchema,
        response: { 201: customRecordSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) =>
            createCustomRecord(tx, {
              objectKey: request.params.objectKey,
              access: { role: user.role },
              values: request.body,
              userId: user.id,
            }),
          {
            capability: "custom_records.manage",
            publish: (record) => customRecordsChanged(record.objectKey, [record.id]),
          },
        ),
      ),
  );

  app.get(
    API_PATHS.customRecord,
    {
      schema: {
        tags: ["custom objects"],
        summary: "A record of a custom object, with the records its relations point at named",
        params: customRecordParamsSchema,
        response: { 200: customRecordSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) =>
        getCustomRecord(tx, { ...request.params, access: { role: user.role } }),
      ),
  );

  app.patch(
    API_PATHS.customRecord,
    {
      schema: {
        tags: ["custom objects"],
        summary: "Change a record: the values given (null clears an optional one); the others are kept",
        params: customRecordParamsSchema,
        body: customRecordValuesSchema,
        response: { 200: customRecordSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          updateCustomRecord(tx, { ...request.params, access: { role: user.role }, values: request.body }),
        {
          capability: "custom_records.manage",
          publish: (record) => customRecordsChanged(record.objectKey, [record.id]),
        },
      ),
  );

  app.delete(
    API_PATHS.customRecord,
    {
      schema: {
        tags: ["custom objects"],
        summary: "Delete a record (confirm=true); deleting one already gone succeeds",
        params: customRecordParamsSchema,
        querystring: deleteCustomRecordQuerySchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await withCompanyUser(
        context,
        request,
        ({ tx, user }) => deleteCustomRecord(tx, { ...request.params, access: { role: user.role } }),
        {
          capability: "custom_records.manage",
          publish: () => customRecordsChanged(request.params.objectKey, [request.params.id]),
        },
      );
      return reply.status(204).send(null);
    },
  );
};
