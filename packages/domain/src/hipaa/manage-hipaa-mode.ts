import type { TenantTransaction } from "@fieldops/db";
import { HIPAA_EXPORT_MESSAGE, type HipaaSettings } from "@fieldops/shared/hipaa";
import { VERTICALS, verticalIdSchema } from "@fieldops/shared/verticals";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, forbidden, invalidInput } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { actorUserId, type TenantScope, type UserActor } from "../tenant-scope.ts";

const SELECT = {
  hipaaMode: true,
  verticalId: true,
  hipaaAcknowledgedAt: true,
  modelBaaRecordedAt: true,
} as const;

async function readCompany(tx: TenantTransaction, companyId: string) {
  return tx.company.findUniqueOrThrow({ where: { id: companyId }, select: SELECT });
}

/** Whether the company's vertical requires HIPAA mode (wound care): then it cannot be turned off. */
function requiredBy(verticalId: string): boolean {
  const vertical = verticalIdSchema.safeParse(verticalId);
  return vertical.success && VERTICALS[vertical.data].settings.hipaaMode;
}

function toSettings(company: Awaited<ReturnType<typeof readCompany>>, modelConfigured: boolean): HipaaSettings {
  return {
    enabled: company.hipaaMode,
    required: requiredBy(company.verticalId),
    acknowledgedAt: company.hipaaAcknowledgedAt?.toISOString() ?? null,
    modelBaaRecordedAt: company.modelBaaRecordedAt?.toISOString() ?? null,
    modelConfigured,
  };
}

export async function getHipaaSettings(
  { tx, companyId }: TenantScope<UserActor>,
  options: { modelConfigured: boolean },
): Promise<HipaaSettings> {
  return toSettings(await readCompany(tx, companyId), options.modelConfigured);
}

/**
 * Turns HIPAA mode on (Pro's `hipaa_mode`; the owner acknowledges the business associate agreement) or off (never for
 * a vertical that requires it). Audited with who and when.
 */
export async function setHipaaMode(
  scope: TenantScope<UserActor>,
  input: { enabled: boolean; acknowledgeBaa?: boolean | undefined },
  options: { modelConfigured: boolean },
): Promise<HipaaSettings> {
  const { tx, companyId, actor } = scope;
  const before = await readCompany(tx, companyId);
  if (input.enabled === before.hipaaMode) return toSettings(before, options.modelConfigured);
  if (input.enabled) {
    await requirePlanFeature(tx, "hipaa_mode");
    if (!input.acknowledgeBaa)
      throw invalidInput("Acknowledge the business associate agreement to turn HIPAA mode on", "acknowledgeBaa");
  } else if (requiredBy(before.verticalId)) {
    throw conflict("Your industry requires HIPAA mode: it cannot be turned off");
  }
  await tx.company.update({
    where: { id: companyId },
    data: input.enabled
      ? { hipaaMode: true, hipaaAcknowledgedAt: new Date(), hipaaAcknowledgedByUserId: actor.userId }
      : { hipaaMode: false },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: input.enabled ? "hipaa.enabled" : "hipaa.disabled",
    entityType: "company",
    entityId: companyId,
    summary: input.enabled
      ? `${actor.name} turned HIPAA mode on and acknowledged the business associate agreement`
      : `${actor.name} turned HIPAA mode off`,
  });
  return toSettings(await readCompany(tx, companyId), options.modelConfigured);
}

/** Records (or withdraws) the company's BAA with the assistant's model provider. Audited. */
export async function setModelBaa(
  scope: TenantScope<UserActor>,
  input: { recorded: boolean },
  options: { modelConfigured: boolean },
): Promise<HipaaSettings> {
  const { tx, companyId, actor } = scope;
  const before = await readCompany(tx, companyId);
  if ((before.modelBaaRecordedAt !== null) === input.recorded) return toSettings(before, options.modelConfigured);
  await tx.company.update({
    where: { id: companyId },
    data: input.recorded
      ? { modelBaaRecordedAt: new Date(), modelBaaRecordedByUserId: actor.userId }
      : { modelBaaRecordedAt: null, modelBaaRecordedByUserId: null },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: input.recorded ? "hipaa.model_baa_recorded" : "hipaa.model_baa_withdrawn",
    entityType: "company",
    entityId: companyId,
    summary: input.recorded
      ? `${actor.name} recorded a business associate agreement with the assistant's model provider`
      : `${actor.name} withdrew the business associate agreement with the assistant's model provider`,
  });
  return toSettings(await readCompany(tx, companyId), options.modelConfigured);
}

/**
 * Refuses an export while the company is in HIPAA mode unless an owner makes it or approved it (a member's export
 * through the assistant waits for an owner's approval, `approved`).
 */
export async function assertExportAllowed(
  scope: Pick<TenantScope, "tx" | "companyId" | "actor">,
  options: { approved?: boolean } = {},
): Promise<void> {
  if (options.approved || (scope.actor.kind === "user" && scope.actor.role === "owner")) return;
  const company = await scope.tx.company.findUniqueOrThrow({
    where: { id: scope.companyId },
    select: { hipaaMode: true },
  });
  if (company.hipaaMode) throw forbidden(HIPAA_EXPORT_MESSAGE);
}

/**
 * In HIPAA mode, writes who opened which patient's record to the audit log (one insert; nothing is refused). Outside
 * HIPAA mode it costs one read of the company's flag.
 */
export async function auditRecordRead(
  scope: Pick<TenantScope, "tx" | "companyId" | "actor">,
  record: { customerId: string; name: string; what: string },
): Promise<void> {
  const company = await scope.tx.company.findUniqueOrThrow({
    where: { id: scope.companyId },
    select: { hipaaMode: true },
  });
  if (!company.hipaaMode) return;
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: actorUserId(scope.actor),
    action: "customer.viewed",
    entityType: "customer",
    entityId: record.customerId,
    summary: `${scope.actor.kind === "user" ? scope.actor.name : "The system"} opened ${record.what} of ${record.name}`,
  });
}

/** Whether company data may go to the configured model: not in HIPAA mode until a BAA with its provider is recorded. */
export async function modelAllowedFor(tx: TenantTransaction, companyId: string): Promise<boolean> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { hipaaMode: true, modelBaaRecordedAt: true },
  });
  return !company.hipaaMode || company.modelBaaRecordedAt !== null;
}
