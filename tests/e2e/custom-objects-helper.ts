import { randomUUID } from "node:crypto";
import { createDatabase, withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import { readContextKey } from "@fieldops/db/runtime-role";
import { installCustomObjects } from "@fieldops/domain/custom-objects/install-custom-objects";
import { endBetaModeWithoutPreviews } from "@fieldops/domain/builds/end-beta-mode";
import { promoteCustomObjects } from "@fieldops/domain/custom-objects/promote-custom-objects";
import type { FeatureSpec } from "@fieldops/shared/feature-spec";
import { testRuntimeUrl } from "../runtime-role-url.ts";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";

/**
 * What a feature build's pipeline does to a company, done directly through the domain's functions on the end-to-end
 * database (as the runtime role, in the company's transaction): install a spec in preview, turn beta mode on,
 * promote it (and leave beta mode when nothing else is in preview).
 */
export class BuildStandIn {
  private constructor(private readonly db: Database) {}

  static async open(): Promise<BuildStandIn> {
    const ownerUrl = workerDatabaseOwnerUrl();
    return new BuildStandIn(
      createDatabase(testRuntimeUrl(ownerUrl), { max: 2, contextKey: await readContextKey(ownerUrl) }),
    );
  }

  private run<T>(companyId: string, work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    return withTenant(this.db, companyId, work);
  }

  /** Installs the spec in preview and puts the company in beta mode; the build's id. */
  async deployToPreview(companyId: string, spec: FeatureSpec): Promise<string> {
    const buildId = randomUUID();
    await this.run(companyId, async (tx) => {
      await installCustomObjects(tx, { buildId, spec });
      await tx.company.update({ where: { id: companyId }, data: { betaMode: true } });
    });
    return buildId;
  }

  async promote(companyId: string, buildId: string): Promise<void> {
    await this.run(companyId, async (tx) => {
      await promoteCustomObjects(tx, { buildId });
      await endBetaModeWithoutPreviews(tx);
    });
  }

  close(): Promise<void> {
    return this.db.$disconnect();
  }
}
