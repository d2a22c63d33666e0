-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "customerId" UUID;

-- CreateIndex
CREATE INDEX "outbox_messages_companyId_customerId_createdAt_idx" ON "outbox_messages"("companyId", "customerId", "createdAt");

-- The messages already sent name their customer: an invoice's and a reminder's through the invoice, an estimate's
-- through the estimate, a portal link's through its dedupe key (customer_portal:<customerId>:<send>:<channel>).
UPDATE "outbox_messages" m SET "customerId" = i."customerId"
FROM "invoices" i WHERE m."invoiceId" = i.id AND m."customerId" IS NULL;
UPDATE "outbox_messages" m SET "customerId" = e."customerId"
FROM "estimates" e WHERE m."estimateId" = e.id AND m."customerId" IS NULL;
UPDATE "outbox_messages" m SET "customerId" = c.id
FROM "customers" c
WHERE m.kind = 'customer_portal' AND m."customerId" IS NULL AND c.id::text = split_part(m."dedupeKey", ':', 2);
