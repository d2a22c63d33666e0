-- AlterTable
ALTER TABLE "customer_assistant_actions" ADD COLUMN     "answerMessageId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "customer_assistant_actions_answerMessageId_key" ON "customer_assistant_actions"("answerMessageId");
