-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "card_fingerprint" TEXT,
ADD COLUMN     "intro_reminder_sent_at" TIMESTAMP(3),
ADD COLUMN     "outstanding" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "withdrawn_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "receipt_mailed_at" TIMESTAMP(3),
ADD COLUMN     "refunded_at" TIMESTAMP(3),
ADD COLUMN     "refunded_ore" INTEGER;

-- CreateTable
CREATE TABLE "payment_webhook_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "object_id" TEXT,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "payment_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intro_cards" (
    "fingerprint" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "subscription_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intro_cards_pkey" PRIMARY KEY ("fingerprint")
);

-- CreateTable
CREATE TABLE "test_payment_objects" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "test_payment_objects_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "test_payment_objects_kind_idx" ON "test_payment_objects"("kind");
