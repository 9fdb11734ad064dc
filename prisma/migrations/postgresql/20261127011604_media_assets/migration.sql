-- CreateTable
CREATE TABLE "MediaAsset" (
    "id" SERIAL NOT NULL,
    "uploadId" TEXT NOT NULL,
    "tusId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "variants" JSONB,
    "placeholder" TEXT,
    "capturedAt" TIMESTAMP(3),
    "orientation" INTEGER,
    "posterKey" TEXT,
    "previewKey" TEXT,
    "durationMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MediaAsset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MediaAsset_uploadId_key" ON "MediaAsset"("uploadId");

-- CreateIndex
CREATE UNIQUE INDEX "MediaAsset_tusId_key" ON "MediaAsset"("tusId");

-- CreateIndex
CREATE INDEX "MediaAsset_status_idx" ON "MediaAsset"("status");

-- AddForeignKey
ALTER TABLE "MediaAsset" ADD CONSTRAINT "MediaAsset_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE CASCADE ON UPDATE CASCADE;

