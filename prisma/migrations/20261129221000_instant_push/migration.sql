-- Instant push (issue 34, docs/decisions/0063-instant-push.md): browsers' Web Push subscriptions of users and
-- visitor agents, and one claimed push per (agent, dwelling), which also counts the hourly throttle.

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" SERIAL NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "user_id" INTEGER,
    "boligagent_id" INTEGER,
    "language" TEXT NOT NULL DEFAULT 'da',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push_deliveries" (
    "id" SERIAL NOT NULL,
    "boligagent_id" INTEGER NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "done_subscription_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "push_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");

-- CreateIndex
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "push_subscriptions_boligagent_id_idx" ON "push_subscriptions"("boligagent_id");

-- CreateIndex
CREATE INDEX "push_deliveries_boligagent_id_created_at_idx" ON "push_deliveries"("boligagent_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "push_deliveries_boligagent_id_dwelling_id_key" ON "push_deliveries"("boligagent_id", "dwelling_id");

-- AddForeignKey
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_boligagent_id_fkey" FOREIGN KEY ("boligagent_id") REFERENCES "boligagents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
