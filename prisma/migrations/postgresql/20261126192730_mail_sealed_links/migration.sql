-- AlterTable
ALTER TABLE "OutgoingMail" ADD COLUMN     "sealedLinks" TEXT;

