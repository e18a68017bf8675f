-- Issue 29: a user's subscriptions stay exact under double clicks and two tabs (docs/decisions/0036).

-- CreateTable
CREATE TABLE "intro_claims" (
    "user_id" INTEGER NOT NULL,
    "subscription_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intro_claims_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "subscription_locks" (
    "user_id" INTEGER NOT NULL,
    "holder" UUID NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscription_locks_pkey" PRIMARY KEY ("user_id")
);

-- The intros already kept: the oldest per user holds the claim.
INSERT INTO "intro_claims" ("user_id", "subscription_id", "created_at")
SELECT DISTINCT ON (s."user_id") s."user_id", s."id", s."created_at"
  FROM "subscriptions" s JOIN "offers" o ON o."id" = s."offer_id"
 WHERE o."intro" AND s."status" <> 'INCOMPLETE' AND COALESCE(s."meta"->>'introRefused', 'false') <> 'true'
 ORDER BY s."user_id", s."created_at";

-- At most one purchase waiting for payment per user: older duplicates never ran, so they expire.
UPDATE "subscriptions" s SET "status" = 'EXPIRED', "renew" = false, "ending_at" = s."starting_at"
 WHERE s."status" = 'INCOMPLETE' AND NOT (s."meta" ? 'changedFrom')
   AND EXISTS (SELECT 1 FROM "subscriptions" n
                WHERE n."user_id" = s."user_id" AND n."status" = 'INCOMPLETE' AND NOT (n."meta" ? 'changedFrom')
                  AND (n."created_at", n."id") > (s."created_at", s."id"));

-- Not in schema.prisma (Prisma cannot express a partial index): the database's word that a user has
-- at most one purchase (or reactivation) waiting for payment, and a subscription at most one live change of plan.
CREATE UNIQUE INDEX "subscriptions_one_open_purchase" ON "subscriptions" ("user_id")
 WHERE "status" = 'INCOMPLETE' AND NOT ("meta" ? 'changedFrom');
CREATE UNIQUE INDEX "subscriptions_one_live_change" ON "subscriptions" (("meta"->>'changedFrom'))
 WHERE "status" IN ('INCOMPLETE', 'ACTIVE', 'PAUSED') AND "meta" ? 'changedFrom';
