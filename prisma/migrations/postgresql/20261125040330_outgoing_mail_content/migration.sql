-- AlterTable
ALTER TABLE "OutgoingMail" ADD COLUMN     "content" JSONB;
