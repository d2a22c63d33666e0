-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "smsNumberSid" TEXT;
