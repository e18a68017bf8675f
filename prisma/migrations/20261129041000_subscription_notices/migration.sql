-- Issue 36: a confirmation mail for every cancel, withdrawal, change of plan, reactivation and refund.
-- One row per change, unique over (subscription, kind, key), so a repeated call or a retried job owes
-- one mail. mailed_at is claimed before sending and released if sending fails.

-- CreateTable
CREATE TABLE "subscription_notices" (
    "id" SERIAL NOT NULL,
    "subscription_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "mailed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscription_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscription_notices_subscription_id_kind_key_key" ON "subscription_notices"("subscription_id", "kind", "key");

-- AddForeignKey
ALTER TABLE "subscription_notices" ADD CONSTRAINT "subscription_notices_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
