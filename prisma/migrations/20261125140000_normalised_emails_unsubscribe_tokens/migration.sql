-- Addresses are stored in normalizeEmail() form (trimmed, lower-cased) and compared by equality only
-- (issue 12 §3). The app always wrote that form, rows from elsewhere (imports, hand edits) may not be.

-- Users whose addresses differ only in case or surrounding whitespace: one keeps the address (live
-- before deleted, verified before not, then the oldest), the others lose it (NULL, unverified, as a
-- social login without an email) and keep their old spelling in a user_meta row for support.
WITH losers AS (
  SELECT id, email FROM (
    SELECT id, email,
           row_number() OVER (PARTITION BY lower(btrim(email, E' \t\r\n')) ORDER BY (deleted_at IS NULL) DESC, email_verified DESC, id) AS rank
    FROM "users" WHERE email IS NOT NULL
  ) ranked WHERE rank > 1
), noted AS (
  INSERT INTO "user_meta" (user_id, identifier, value, updated_at)
  SELECT id, 'emailConflict', email, now() FROM losers
  ON CONFLICT (user_id, identifier) DO NOTHING
)
UPDATE "users" u SET email = NULL, email_verified = false, email_verified_at = NULL FROM losers l WHERE u.id = l.id;
UPDATE "users" SET email = lower(btrim(email, E' \t\r\n')) WHERE email <> lower(btrim(email, E' \t\r\n'));

-- Boligagents: no longer unique per address (a user's agent and a visitor agent of one address coexist
-- until the user verifies it, ADR 0005), so case-duplicates simply become equal.
-- DropIndex
DROP INDEX "boligagents_email_key";
UPDATE "boligagents" SET email = lower(btrim(email, E' \t\r\n')) WHERE email <> lower(btrim(email, E' \t\r\n'));

-- The List-Unsubscribe token (it can only stop the agent): every existing agent gets one here.
-- AlterTable
ALTER TABLE "boligagents" ADD COLUMN     "unsubscribe_token" TEXT NOT NULL DEFAULT replace(((gen_random_uuid())::text || (gen_random_uuid())::text), '-'::text, ''::text);

-- CreateIndex
CREATE UNIQUE INDEX "boligagents_unsubscribe_token_key" ON "boligagents"("unsubscribe_token");

-- CreateIndex
CREATE INDEX "boligagents_email_idx" ON "boligagents"("email");
