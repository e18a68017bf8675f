-- AlterTable
ALTER TABLE "cities" ADD COLUMN     "faq" JSONB,
ADD COLUMN     "headline" TEXT,
ADD COLUMN     "main_text" TEXT,
ADD COLUMN     "teaser" TEXT;

-- AlterTable
ALTER TABLE "dwelling_images" ADD COLUMN     "checksum" TEXT,
ADD COLUMN     "source" TEXT;

-- AlterTable
ALTER TABLE "dwellings" ADD COLUMN     "content_hash" TEXT;

-- CreateTable
CREATE TABLE "rate_limit_hits" (
    "id" SERIAL NOT NULL,
    "bucket" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rate_limit_hits_bucket_created_at_idx" ON "rate_limit_hits"("bucket", "created_at");
