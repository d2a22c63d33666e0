import { Prisma } from "@fieldops/db";
import { can } from "@fieldops/shared/permissions";
import { toE164 } from "@fieldops/shared/messages";
import { conflict, invalidInput, notFound, unavailable } from "../errors.ts";
import {
  buyCompanyNumber,
  describeTwilioFailure,
  platformTwilioAccount,
  releaseCompanyNumber,
  type TwilioEnv,
} from "../outbox/twilio-transport.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

type Scope = Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">;

/** The number customers text the company at (E.164), empty when none is set, and whether the platform can get one. */
export async function getSmsNumber({ tx, companyId, actor }: Scope, env: TwilioEnv) {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { smsNumber: true, smsNumberSid: true },
  });
  return {
    smsNumber: company.smsNumber ?? "",
    canManage: can(actor, "integrations.manage"),
    provisioned: company.smsNumberSid !== null,
    provisionUnavailable: await whyNoNumberFromThePlatform(tx, env),
  };
}

/** Why the platform cannot buy the company a number, or null. */
async function whyNoNumberFromThePlatform(tx: Scope["tx"], env: TwilioEnv): Promise<string | null> {
  const connected = await tx.integrationConnection.count({
    where: { provider: "twilio", simulated: false, accountId: { not: null } },
  });
  if (connected > 0) return "Your texts go through your own Twilio account: its number is your texting number.";
  if (!platformTwilioAccount(env))
    return "Numbers come from the platform's Twilio account, which is not configured here (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).";
  if (!env.PUBLIC_APP_URL)
    return "Replies reach the app at its public address, which is not configured here (PUBLIC_APP_URL).";
  return null;
}

/**
 * Buys a number of the company's own on the platform's Twilio account (near the area code asked for), with its
 * incoming-message webhook pointed at the app, and makes it the texting number: the company's texts go out from it and
 * replies come back to it. The company's row is locked first, so two clicks buy one number; Twilio's FriendlyName
 * names the company, so a purchase whose answer was lost is found again rather than bought twice.
 */
export async function provisionSmsNumber(scope: Scope, input: { areaCode?: string | undefined }, env: TwilioEnv) {
  const { tx, companyId } = scope;
  await requirePlanFeature(tx, "sms", "Text messages");
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId}::uuid FOR UPDATE`;
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { smsNumberSid: true } });
  if (company.smsNumberSid) throw conflict("The company already has a texting number from us");
  const why = await whyNoNumberFromThePlatform(tx, env);
  const account = platformTwilioAccount(env);
  if (why || !account) throw unavailable(why ?? "The platform's Twilio account is not configured");
  let bought: { sid: string; phoneNumber: string } | null;
  try {
    bought = await buyCompanyNumber(account, {
      companyId,
      areaCode: input.areaCode ?? null,
      smsUrl: new URL("/api/webhooks/twilio/inbound", new URL(env.PUBLIC_APP_URL!).origin).href,
    });
  } catch (error) {
    throw unavailable(`Twilio could not sell a number just now: ${describeTwilioFailure(error).words}`, 60);
  }
  if (!bought)
    throw invalidInput(
      input.areaCode
        ? `Twilio has no texting number in area code ${input.areaCode} right now; try another`
        : "Twilio has no texting number available right now",
      "areaCode",
    );
  try {
    await tx.company.update({
      where: { id: companyId },
      data: { smsNumber: bought.phoneNumber, smsNumberSid: bought.sid },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict("Another company already texts from the number Twilio sold; try again");
    throw error;
  }
  await recordAudit(tx, {
    companyId,
    actorUserId: scope.actor.userId,
    action: "settings.sms_number_provisioned",
    entityType: "company",
    entityId: companyId,
    summary: `Got the texting number ${bought.phoneNumber} from the platform's Twilio account`,
  });
  return getSmsNumber(scope, env);
}

/** Gives the number the platform bought back to Twilio; the company's texts go out from the shared sender again. */
export async function releaseSmsNumber(scope: Scope, env: TwilioEnv) {
  const { tx, companyId } = scope;
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId}::uuid FOR UPDATE`;
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { smsNumber: true, smsNumberSid: true },
  });
  if (!company.smsNumberSid) throw notFound("The company has no texting number from us");
  const account = platformTwilioAccount(env);
  if (!account) throw unavailable("The platform's Twilio account is not configured");
  try {
    await releaseCompanyNumber(account, company.smsNumberSid);
  } catch (error) {
    throw unavailable(`Twilio could not take the number back just now: ${describeTwilioFailure(error).words}`, 60);
  }
  await tx.company.update({ where: { id: companyId }, data: { smsNumber: null, smsNumberSid: null } });
  await recordAudit(tx, {
    companyId,
    actorUserId: scope.actor.userId,
    action: "settings.sms_number_released",
    entityType: "company",
    entityId: companyId,
    summary: `Gave back the texting number ${company.smsNumber ?? ""}`.trim(),
  });
  return getSmsNumber(scope, env);
}

/**
 * Sets the number inbound texts are matched by (Twilio's `To`). A number belongs to one company: one another company
 * has is refused (409), as Twilio gives a number to one account.
 */
export async function updateSmsNumber(scope: Scope, input: { smsNumber: string }, env: TwilioEnv) {
  const smsNumber = input.smsNumber === "" ? null : toE164(input.smsNumber);
  const current = await scope.tx.company.findUniqueOrThrow({
    where: { id: scope.companyId },
    select: { smsNumber: true, smsNumberSid: true },
  });
  if (current.smsNumberSid && smsNumber !== current.smsNumber)
    throw conflict("This number was bought for you: give it back before setting another", "smsNumber");
  try {
    await scope.tx.company.update({ where: { id: scope.companyId }, data: { smsNumber } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict("Another company already texts from this number", "smsNumber");
    throw error;
  }
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: scope.actor.userId,
    action: "settings.sms_number_changed",
    entityType: "company",
    entityId: scope.companyId,
    summary: smsNumber ? `Set the texting number to ${smsNumber}` : "Removed the texting number",
  });
  return getSmsNumber(scope, env);
}
