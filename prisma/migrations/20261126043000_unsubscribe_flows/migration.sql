-- CreateEnum
CREATE TYPE "unsubscription_source" AS ENUM ('SUBSCRIBER', 'MANUAL');

-- AlterEnum
ALTER TYPE "user_token_kind" ADD VALUE 'UNSUBSCRIBE_CONFIRMATION';

-- AlterTable
ALTER TABLE "unsubscriptions" ADD COLUMN     "confirmed_at" TIMESTAMP(3),
ADD COLUMN     "source" "unsubscription_source" NOT NULL DEFAULT 'SUBSCRIBER';

-- AlterTable
ALTER TABLE "user_tokens" ADD COLUMN     "unsubscription_id" INTEGER;

-- CreateTable
CREATE TABLE "found_homes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "paused_boligagent_ids" INTEGER[],
    "stopped_subscription_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMP(3),

    CONSTRAINT "found_homes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "found_homes_user_id_undone_at_idx" ON "found_homes"("user_id", "undone_at");

-- AddForeignKey
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_unsubscription_id_fkey" FOREIGN KEY ("unsubscription_id") REFERENCES "unsubscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "found_homes" ADD CONSTRAINT "found_homes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
