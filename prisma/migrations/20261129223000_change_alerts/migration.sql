-- Issue 34, "Alerts on changes" (docs/decisions/0062-change-alerts.md): the feed import records a
-- rent drop or a return to the market once, boligagents that were mailed the dwelling get one mail per
-- change, and favourites remember the rent and status they were saved with.

-- CreateEnum
CREATE TYPE "dwelling_change_kind" AS ENUM ('RENT_DROP', 'BACK_ON_MARKET');

-- CreateTable
CREATE TABLE "dwelling_changes" (
    "id" SERIAL NOT NULL,
    "dwelling_id" INTEGER NOT NULL,
    "kind" "dwelling_change_kind" NOT NULL,
    "old_rent" INTEGER NOT NULL,
    "new_rent" INTEGER NOT NULL,
    "prior_updated_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dwelling_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "dwelling_changes_dwelling_id_kind_prior_updated_at_key" ON "dwelling_changes"("dwelling_id", "kind", "prior_updated_at");

-- CreateIndex
CREATE INDEX "dwelling_changes_created_at_idx" ON "dwelling_changes"("created_at");

-- AddForeignKey
ALTER TABLE "dwelling_changes" ADD CONSTRAINT "dwelling_changes_dwelling_id_fkey" FOREIGN KEY ("dwelling_id") REFERENCES "dwellings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing agents never asked for change mails: they start with the switch off. New agents get it on
-- (the column default after this).
ALTER TABLE "boligagents" ADD COLUMN "change_alerts" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "boligagents" ALTER COLUMN "change_alerts" SET DEFAULT true;

-- A change mail names its change, and the mail row per agent and change is the claim.
ALTER TABLE "boligagent_mails" ADD COLUMN "change_id" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "boligagent_mails_boligagent_id_change_id_key" ON "boligagent_mails"("boligagent_id", "change_id");

-- CreateIndex
CREATE INDEX "boligagent_mails_dwelling_ids_idx" ON "boligagent_mails" USING GIN ("dwelling_ids");

-- AddForeignKey
ALTER TABLE "boligagent_mails" ADD CONSTRAINT "boligagent_mails_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "dwelling_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Favourites: what the dwelling was when saved. Rows saved before get the values of today, so they are
-- marked only for what changes from now on.
ALTER TABLE "favourites" ADD COLUMN "saved_rent" INTEGER,
ADD COLUMN "saved_status" INTEGER;

UPDATE "favourites" f SET "saved_rent" = d."rent", "saved_status" = d."status" FROM "dwellings" d WHERE d."id" = f."dwelling_id";
