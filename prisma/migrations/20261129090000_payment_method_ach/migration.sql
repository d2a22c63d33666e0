-- A bank payment: a Stripe bank debit (us_bank_account) was recorded as "card" before; the office may record one too.
-- AlterEnum
ALTER TYPE "PaymentMethod" ADD VALUE 'ach';
