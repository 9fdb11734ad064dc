-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "uploaderAddress" TEXT;

-- CreateIndex
CREATE INDEX "Upload_uploaderAddress_createdAt_idx" ON "Upload"("uploaderAddress", "createdAt");

