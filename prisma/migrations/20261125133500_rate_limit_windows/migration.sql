/*
  Warnings:

  - You are about to drop the `rate_limit_hits` table. If the table is not empty, all the data it contains will be lost.

*/
-- DropTable
DROP TABLE "rate_limit_hits";

-- CreateTable
CREATE TABLE "rate_limits" (
    "bucket" TEXT NOT NULL,
    "hits" BIGINT[],
    "last_allowed" BOOLEAN NOT NULL,
    "touched_at" BIGINT NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("bucket")
);

-- CreateIndex
CREATE INDEX "rate_limits_touched_at_idx" ON "rate_limits"("touched_at");
