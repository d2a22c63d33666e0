-- CreateTable
CREATE TABLE "pending_effects" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "userId" UUID,
    "requestId" TEXT,
    "queue" TEXT,
    "taskKey" TEXT,
    "delayMs" INTEGER,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "relayedAt" TIMESTAMP(3),

    CONSTRAINT "pending_effects_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_effects_relayedAt_createdAt_idx" ON "pending_effects"("relayedAt", "createdAt");

-- AddForeignKey
ALTER TABLE "pending_effects" ADD CONSTRAINT "pending_effects_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON pending_effects TO fieldops_app;
ALTER TABLE pending_effects ENABLE ROW LEVEL SECURITY;
ALTER TABLE pending_effects FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON pending_effects USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
-- The worker's sweeper relays, across companies, what a process that died left unrelayed, marks it relayed, and
-- prunes relayed rows; it writes no new ones.
CREATE POLICY system_read ON pending_effects FOR SELECT USING ((SELECT app_system_context()));
CREATE POLICY system_relay ON pending_effects FOR UPDATE USING ((SELECT app_system_context()))
  WITH CHECK ((SELECT app_system_context()));
CREATE POLICY system_prune ON pending_effects FOR DELETE USING ((SELECT app_system_context()));
