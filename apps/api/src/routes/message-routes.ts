import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assignThreadToCustomer } from "@fieldops/domain/messages/assign-thread-to-customer";
import { getCustomerThread, getThread, listThreads } from "@fieldops/domain/messages/read-threads";
import { markThreadRead } from "@fieldops/domain/messages/mark-thread-read";
import { replyInThread } from "@fieldops/domain/messages/reply-in-thread";
import { shareThreadWithCrew, unshareThreadWithCrew } from "@fieldops/domain/messages/share-thread";
import { replyAsCustomer } from "@fieldops/domain/messages/reply-as-customer";
import {
  getSmsNumber,
  provisionSmsNumber,
  releaseSmsNumber,
  updateSmsNumber,
} from "@fieldops/domain/messages/sms-number";
import { messageEndpoints } from "@fieldops/shared/messages";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const messageRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, messageEndpoints.smsNumber, (scope) => getSmsNumber(scope, context.env));
  tenantEndpoint(app, context, messageEndpoints.updateSmsNumber, (scope, { body }) =>
    updateSmsNumber(scope, body, context.env),
  );
  tenantEndpoint(app, context, messageEndpoints.provisionSmsNumber, (scope, { body }) =>
    provisionSmsNumber(scope, body, context.env),
  );
  tenantEndpoint(app, context, messageEndpoints.releaseSmsNumber, (scope) => releaseSmsNumber(scope, context.env));
  tenantEndpoint(app, context, messageEndpoints.threads, ({ tx }, { query }) => listThreads(tx, query));
  tenantEndpoint(app, context, messageEndpoints.thread, ({ tx }, { params }) => getThread(tx, params));
  tenantEndpoint(app, context, messageEndpoints.customerThread, ({ tx }, { params }) => getCustomerThread(tx, params));
  tenantEndpoint(app, context, messageEndpoints.markRead, (scope, { params }) => markThreadRead(scope, params));
  tenantEndpoint(app, context, messageEndpoints.reply, (scope, { params, body }) =>
    replyInThread(scope, { ...params, ...body }),
  );
  tenantEndpoint(app, context, messageEndpoints.assignThread, (scope, { params, body }) =>
    assignThreadToCustomer(scope, { ...params, ...body }, context),
  );
  tenantEndpoint(app, context, messageEndpoints.shareWithCrew, (scope, { params }) =>
    shareThreadWithCrew(scope, params),
  );
  tenantEndpoint(app, context, messageEndpoints.unshareWithCrew, (scope, { params }) =>
    unshareThreadWithCrew(scope, params),
  );
  // The local mail catcher is the mail server only when `npm start` runs it (MAIL_CATCHER_PORT).
  const catcherSmtpUrl = context.env.MAIL_CATCHER_PORT ? (context.env.SMTP_URL ?? null) : null;
  tenantEndpoint(app, context, messageEndpoints.replyAsCustomer, ({ tx }, { params, body }) =>
    replyAsCustomer(tx, { ...params, body: body.body, catcherSmtpUrl }),
  );
};
