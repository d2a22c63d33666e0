-- AlterTable
ALTER TABLE "integration_connections" ADD COLUMN     "reconnectNeededAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "integration_connections_tokenExpiresAt_idx" ON "integration_connections"("tokenExpiresAt");

-- The hourly refresh pass finds the connections due across companies (it reads only who and which provider, and
-- hands each company a tenant job of its own).
CREATE POLICY system_read ON integration_connections FOR SELECT USING ((SELECT app_system_context()));
