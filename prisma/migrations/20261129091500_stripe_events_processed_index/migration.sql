-- The nightly pruning of applied events and the platform's alert on events never applied.
-- CreateIndex
CREATE INDEX "stripe_events_processedAt_receivedAt_idx" ON "stripe_events"("processedAt", "receivedAt");

-- Both run in the system context, across companies: it may read the events (the alert: type, company, when) and delete
-- them (the pruning). Writing them stays with the company's own transaction.
CREATE POLICY system_read ON stripe_events FOR SELECT USING ((SELECT app_system_context()));
CREATE POLICY system_prune ON stripe_events FOR DELETE USING ((SELECT app_system_context()));
