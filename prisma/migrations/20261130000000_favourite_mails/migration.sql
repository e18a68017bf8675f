-- Issue 34, "the user can get a mail" (docs/decisions/0062-change-alerts.md, "Favourites' mails"):
-- the import also records a saved dwelling being rented or reserved, a user may ask for a mail about
-- changes of their saved dwellings, and a claim row per (user, change) makes each change mailed once.

-- Recorded for favourites' mails only: the boligagent change alerts keep to RENT_DROP and BACK_ON_MARKET.
-- Only later transactions use the new values (PostgreSQL refuses one used in the transaction adding it).
ALTER TYPE "dwelling_change_kind" ADD VALUE 'RENTED';
ALTER TYPE "dwelling_change_kind" ADD VALUE 'RESERVED';

-- "Mail me when a saved dwelling changes": null (off) for every user, existing and new: opt-in (ADR 0062).
-- The one-click off token is made when a user first switches it on.
ALTER TABLE "users" ADD COLUMN     "favourite_mails_at" TIMESTAMP(3),
ADD COLUMN     "favourite_mails_token" TEXT;

-- CreateTable
CREATE TABLE "favourite_change_claims" (
    "user_id" INTEGER NOT NULL,
    "change_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourite_change_claims_pkey" PRIMARY KEY ("user_id","change_id")
);

-- CreateTable
CREATE TABLE "favourite_mails" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "change_ids" INTEGER[],
    "status" "boligagent_mail_status" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMP(3),
    "message_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "favourite_mails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "favourite_change_claims_change_id_idx" ON "favourite_change_claims"("change_id");

-- CreateIndex
CREATE INDEX "favourite_mails_user_id_created_at_idx" ON "favourite_mails"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "favourite_mails_status_created_at_idx" ON "favourite_mails"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_favourite_mails_token_key" ON "users"("favourite_mails_token");

-- AddForeignKey
ALTER TABLE "favourite_change_claims" ADD CONSTRAINT "favourite_change_claims_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourite_change_claims" ADD CONSTRAINT "favourite_change_claims_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "dwelling_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourite_mails" ADD CONSTRAINT "favourite_mails_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

