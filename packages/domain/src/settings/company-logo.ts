import type { TenantTransaction } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import { LOGO_MAX_BYTES, type UploadLogoRequest, companySettingsEndpoints } from "@fieldops/shared/company-settings";
import { recordAudit } from "../audit/record-audit.ts";
import { notFound } from "../errors.ts";
import { decodeUpload } from "../files/decode-upload.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

const LOGO = "logo";

/** Where the app fetches the logo; the file's id in the query makes a new logo a new URL for browser caches. */
const logoUrl = (fileId: string) => `${companySettingsEndpoints.logo.path}?v=${fileId}`;

/** Stores the company's logo (replacing the previous one) and points the branding at it. */
export async function uploadCompanyLogo(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: UploadLogoRequest,
): Promise<{ logo: string }> {
  const data = decodeUpload(input, LOGO_MAX_BYTES, "dataBase64");
  await tx.storedFile.deleteMany({ where: { purpose: LOGO } });
  const file = await tx.storedFile.create({
    data: {
      companyId,
      purpose: LOGO,
      fileName: input.fileName,
      contentType: input.contentType,
      byteSize: data.length,
      data: new Uint8Array(data),
      uploadedByUserId: actor.userId,
    },
    select: { id: true },
  });
  await setLogo(tx, companyId, logoUrl(file.id));
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "company.logo_changed",
    entityType: "company",
    entityId: companyId,
    summary: `${actor.name} uploaded a new logo`,
  });
  return { logo: logoUrl(file.id) };
}

/** Removes the company's logo; removing none succeeds. */
export async function removeCompanyLogo({
  tx,
  companyId,
  actor,
}: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">): Promise<void> {
  const { count } = await tx.storedFile.deleteMany({ where: { purpose: LOGO } });
  await setLogo(tx, companyId, null);
  if (count > 0) {
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "company.logo_removed",
      entityType: "company",
      entityId: companyId,
      summary: `${actor.name} removed the logo`,
    });
  }
}

async function setLogo(tx: TenantTransaction, companyId: string, logo: string | null) {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { branding: true } });
  await tx.company.update({
    where: { id: companyId },
    data: { branding: { ...brandingSchema.parse(company.branding), logo } },
  });
}

/** The company's logo file, or null when it has none. */
export async function findCompanyLogo(tx: TenantTransaction): Promise<{ contentType: string; data: Buffer } | null> {
  const file = await tx.storedFile.findFirst({ where: { purpose: LOGO }, select: { contentType: true, data: true } });
  return file ? { contentType: file.contentType, data: Buffer.from(file.data) } : null;
}

/** The company's logo file. */
export async function readCompanyLogo(tx: TenantTransaction): Promise<{ contentType: string; data: Buffer }> {
  const logo = await findCompanyLogo(tx);
  if (!logo) throw notFound("This company has no logo");
  return logo;
}
