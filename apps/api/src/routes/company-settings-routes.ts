import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getUserPreferences, updateUserPreferences } from "@fieldops/domain/accounts/user-preferences";
import { listOutbox } from "@fieldops/domain/outbox/list-outbox";
import { readCompanyLogo, removeCompanyLogo, uploadCompanyLogo } from "@fieldops/domain/settings/company-logo";
import { getCompanyProfile } from "@fieldops/domain/settings/get-company-profile";
import { updateCompanyProfile } from "@fieldops/domain/settings/update-company-profile";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  base64Length,
  companyProfileSchema,
  LOGO_MAX_BYTES,
  updateCompanyProfileRequestSchema,
  uploadLogoRequestSchema,
  userPreferencesSchema,
} from "@fieldops/shared/company-settings";
import { outboxListResponseSchema } from "@fieldops/shared/outbox";
import { can } from "@fieldops/shared/permissions";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { 400: errorResponseSchema, ...readErrors, 503: errorResponseSchema };
const tags = ["settings"];
const actorOf = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });

export const companySettingsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.companyProfile,
    {
      schema: {
        tags,
        summary: "The company's profile, vertical, time zone and branding (owners and members)",
        response: { 200: companyProfileSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => getCompanyProfile(tx, { canEdit: can(user, "settings.manage") }),
        {
          capability: "settings.read",
        },
      ),
  );

  app.put(
    API_PATHS.companyProfile,
    {
      schema: {
        tags,
        summary: "Change the company's profile, vertical, time zone and primary colour (owners)",
        body: updateCompanyProfileRequestSchema,
        response: { 200: companyProfileSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => updateCompanyProfile(tx, { ...request.body, actor: actorOf(user) }),
        {
          capability: "settings.manage",
        },
      ),
  );

  app.get(
    API_PATHS.companyLogo,
    {
      schema: {
        tags,
        summary: "The company's logo image (anyone of the company)",
        querystring: z.object({ v: z.string().max(64).optional() }),
        produces: ["image/png", "image/jpeg", "image/webp"],
        response: { 200: z.any(), ...readErrors },
      },
    },
    async (request, reply) => {
      const logo = await withCompanyUser(context, request, ({ tx }) => readCompanyLogo(tx));
      return reply
        .type(logo.contentType)
        .header("cache-control", "private, max-age=86400")
        .header("content-disposition", "inline")
        .send(logo.data);
    },
  );

  app.put(
    API_PATHS.companyLogo,
    {
      bodyLimit: base64Length(LOGO_MAX_BYTES) + 4096,
      schema: {
        tags,
        summary: "Upload the company's logo: PNG, JPEG or WebP up to 512 KB, base64 in JSON (owners)",
        body: uploadLogoRequestSchema,
        response: { 200: z.object({ logo: z.string() }), ...writeErrors, 413: errorResponseSchema },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => uploadCompanyLogo(tx, { ...request.body, companyId: user.companyId, actor: actorOf(user) }),
        {
          capability: "settings.manage",
        },
      ),
  );

  app.delete(
    API_PATHS.companyLogo,
    { schema: { tags, summary: "Remove the company's logo (owners)", response: { 204: z.null(), ...writeErrors } } },
    async (request, reply) => {
      await withCompanyUser(
        context,
        request,
        ({ tx, user }) => removeCompanyLogo(tx, { companyId: user.companyId, actor: actorOf(user) }),
        {
          capability: "settings.manage",
        },
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_PATHS.userPreferences,
    {
      schema: {
        tags,
        summary: "The signed-in user's own preferences (theme)",
        response: { 200: userPreferencesSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getUserPreferences(context.db, (await context.requireUser(request)).id),
  );

  app.put(
    API_PATHS.userPreferences,
    {
      schema: {
        tags,
        summary: "Change the signed-in user's own preferences",
        body: userPreferencesSchema,
        response: { 200: userPreferencesSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => updateUserPreferences(context.db, (await context.requireUser(request)).id, request.body),
  );

  app.get(
    API_PATHS.outbox,
    {
      schema: {
        tags,
        summary: "Messages kept for a sender (invitations, reminders), newest first (owners)",
        response: { 200: outboxListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async ({ tx }) => ({ items: await listOutbox(tx) }), {
        capability: "outbox.read",
      }),
  );
};
