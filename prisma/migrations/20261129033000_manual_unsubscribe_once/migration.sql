-- Issue 29: the manual unsubscribe form sent twice (a double click, a retry) is one request. The same
-- details on the same (UTC) day are one MANUAL record: a second insert skips, and the form answers
-- with the first record (UnsubscribeService.manual reads it back by this very expression). Hashed,
-- since a message may be longer than a btree entry. Partial and on an expression, which schema.prisma
-- cannot express (and `migrate diff` leaves out). See docs/decisions/0039.

-- Requests stored twice before this are folded into one: the confirmed one (else the one with a
-- survey answer, else the first) takes over the copies' links, answer and account, and the copies go.
WITH copies AS (
  SELECT id, keeper FROM (
    SELECT u."id", first_value(u."id") OVER (PARTITION BY md5(lower(COALESCE(u."email", '')) || E'\x1f' || COALESCE(u."name", '') || E'\x1f' || COALESCE(u."phone", '') || E'\x1f' || COALESCE(u."orderno", '') || E'\x1f' || COALESCE(u."message", '')), (u."timestamp")::date ORDER BY (u."confirmed_at" IS NULL), (u."reason" IS NULL), u."id") AS keeper
    FROM "unsubscriptions" u
    WHERE u."source" = 'MANUAL'
  ) ranked
  WHERE id <> keeper
)
UPDATE "user_tokens" t SET "unsubscription_id" = c.keeper FROM copies c WHERE t."unsubscription_id" = c.id;

WITH copies AS (
  SELECT id, keeper FROM (
    SELECT u."id", first_value(u."id") OVER (PARTITION BY md5(lower(COALESCE(u."email", '')) || E'\x1f' || COALESCE(u."name", '') || E'\x1f' || COALESCE(u."phone", '') || E'\x1f' || COALESCE(u."orderno", '') || E'\x1f' || COALESCE(u."message", '')), (u."timestamp")::date ORDER BY (u."confirmed_at" IS NULL), (u."reason" IS NULL), u."id") AS keeper
    FROM "unsubscriptions" u
    WHERE u."source" = 'MANUAL'
  ) ranked
  WHERE id <> keeper
),
folded AS (
  SELECT c.keeper, max(u."confirmed_at") AS confirmed_at,
         (array_agg(u."reason" ORDER BY u."id") FILTER (WHERE u."reason" IS NOT NULL))[1] AS reason,
         (array_agg(u."user_id" ORDER BY u."id") FILTER (WHERE u."user_id" IS NOT NULL))[1] AS user_id,
         (array_agg(u."subscription_id" ORDER BY u."id") FILTER (WHERE u."subscription_id" IS NOT NULL))[1] AS subscription_id
  FROM copies c JOIN "unsubscriptions" u ON u."id" = c.id
  GROUP BY c.keeper
)
UPDATE "unsubscriptions" k SET
  "confirmed_at" = COALESCE(k."confirmed_at", f.confirmed_at),
  "reason" = COALESCE(k."reason", f.reason),
  "user_id" = COALESCE(k."user_id", f.user_id),
  "subscription_id" = COALESCE(k."subscription_id", f.subscription_id)
FROM folded f
WHERE k."id" = f.keeper;

WITH copies AS (
  SELECT id, keeper FROM (
    SELECT u."id", first_value(u."id") OVER (PARTITION BY md5(lower(COALESCE(u."email", '')) || E'\x1f' || COALESCE(u."name", '') || E'\x1f' || COALESCE(u."phone", '') || E'\x1f' || COALESCE(u."orderno", '') || E'\x1f' || COALESCE(u."message", '')), (u."timestamp")::date ORDER BY (u."confirmed_at" IS NULL), (u."reason" IS NULL), u."id") AS keeper
    FROM "unsubscriptions" u
    WHERE u."source" = 'MANUAL'
  ) ranked
  WHERE id <> keeper
)
DELETE FROM "unsubscriptions" u USING copies c WHERE u."id" = c.id;

CREATE UNIQUE INDEX "unsubscriptions_manual_request_key" ON "unsubscriptions" (md5(lower(COALESCE("email", '')) || E'\x1f' || COALESCE("name", '') || E'\x1f' || COALESCE("phone", '') || E'\x1f' || COALESCE("orderno", '') || E'\x1f' || COALESCE("message", '')), (("timestamp")::date)) WHERE "source" = 'MANUAL';
