import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getUserPreferences, updateUserPreferences } from "@fieldops/domain/accounts/user-preferences";
import { listOutbox } from "@fieldops/domain/outbox/list-outbox";
import { getCaughtMail, getCaughtMailAttachment } from "@fieldops/domain/outbox/get-caught-mail";
import { readCompanyLogo, removeCompanyLogo, uploadCompanyLogo } from "@fieldops/domain/settings/company-logo";
import { getCompanyProfile } from "@fieldops/domain/settings/get-company-profile";
import { updateCompanyProfile } from "@fieldops/domain/settings/update-company-profile";
import { base64Length, companySettingsEndpoints, LOGO_MAX_BYTES } from "@fieldops/shared/company-settings";
import { can } from "@fieldops/shared/permissions";
import type { AppContext } from "../context.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { sendImage } from "../http/image-reply.ts";
import { sendPdf } from "../http/pdf-reply.ts";

export const companySettingsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, companySettingsEndpoints.profile, ({ tx, user }) =>
    getCompanyProfile(tx, { canEdit: can(user, "settings.manage") }),
  );

  tenantEndpoint(app, context, companySettingsEndpoints.updateProfile, (scope, { body }) =>
    updateCompanyProfile(scope, body, context),
  );

  tenantEndpoint(app, context, companySettingsEndpoints.logo, ({ tx }) => readCompanyLogo(tx), {
    send: (reply, logo) => sendImage(reply, logo, "private, max-age=86400"),
  });

  tenantEndpoint(
    app,
    context,
    companySettingsEndpoints.uploadLogo,
    (scope, { body }) => uploadCompanyLogo(scope, body),
    { bodyLimit: base64Length(LOGO_MAX_BYTES) + 4096 },
  );

  tenantEndpoint(app, context, companySettingsEndpoints.removeLogo, async (scope) => {
    await removeCompanyLogo(scope);
    return null;
  });

  registerEndpoint(app, companySettingsEndpoints.preferences, async (_input, request) =>
    getUserPreferences(context.db, (await context.requireUser(request)).id),
  );

  registerEndpoint(app, companySettingsEndpoints.updatePreferences, async ({ body }, request) =>
    updateUserPreferences(context.db, (await context.requireUser(request)).id, body),
  );

  tenantEndpoint(app, context, companySettingsEndpoints.outbox, async ({ tx }) => ({ items: await listOutbox(tx) }));
  tenantEndpoint(app, context, companySettingsEndpoints.caughtMail, ({ tx }, { params }) => getCaughtMail(tx, params));
  tenantEndpoint(
    app,
    context,
    companySettingsEndpoints.caughtMailAttachment,
    ({ tx }, { params }) => getCaughtMailAttachment(tx, params),
    { send: sendPdf },
  );
};
