-- Issue 29: "found a home" and a visitor's boligagent signup happen once, decided by the database.
-- Both indexes are partial, which schema.prisma cannot express (Prisma 6.19 leaves partial indexes
-- out of `migrate diff`, so they never show up as drift). docs/decisions/0039 says why they exist.

-- At most one open "found a home" per user. Racing clicks made two before this (the second paused
-- nothing, and the undo closed only that one): fold every user's open ones into the oldest, which
-- holds what was really paused, and close the others, so the next undo restores everything.
WITH open AS (
  SELECT id, user_id, paused_boligagent_ids, stopped_subscription_id,
         first_value(id) OVER (PARTITION BY user_id ORDER BY id) AS keeper
  FROM found_homes
  WHERE undone_at IS NULL
),
merged AS (
  SELECT o.keeper,
         COALESCE(array_agg(DISTINCT p.id) FILTER (WHERE p.id IS NOT NULL), '{}') AS paused,
         (array_agg(o.stopped_subscription_id ORDER BY o.id) FILTER (WHERE o.stopped_subscription_id IS NOT NULL))[1] AS stopped
  FROM open o
  LEFT JOIN LATERAL unnest(o.paused_boligagent_ids) AS p(id) ON true
  GROUP BY o.keeper
  HAVING count(DISTINCT o.id) > 1
)
UPDATE found_homes f SET paused_boligagent_ids = m.paused, stopped_subscription_id = m.stopped
FROM merged m
WHERE f.id = m.keeper;

UPDATE found_homes f SET undone_at = CURRENT_TIMESTAMP
WHERE f.undone_at IS NULL
  AND EXISTS (SELECT 1 FROM found_homes k WHERE k.user_id = f.user_id AND k.undone_at IS NULL AND k.id < f.id);

CREATE UNIQUE INDEX "found_homes_open_user_key" ON "found_homes"("user_id") WHERE "undone_at" IS NULL;

-- One visitor agent per address (an account's agent is already one per user). Racing signups made
-- two before this: keep the verified one (else the oldest), move over the areas it lacks, as
-- inactive when they came from an unverified agent (nobody confirmed them), and drop the rest, as
-- claiming an address does (SessionPrefsService.claimVerifiedAddress).
INSERT INTO boligagent_prefs (boligagent_id, city_id, rent, rooms, size, status, created_at, updated_at)
WITH keepers AS (
  SELECT a.id, a.verified_at IS NOT NULL AS verified,
         first_value(a.id) OVER (PARTITION BY a.email ORDER BY (a.verified_at IS NULL), a.id) AS keeper
  FROM boligagents a
  WHERE a.user_id IS NULL
)
SELECT DISTINCT ON (k.keeper, p.city_id) k.keeper, p.city_id, p.rent, p.rooms, p.size,
       CASE WHEN k.verified THEN p.status ELSE 'INACTIVE'::boligagent_pref_status END, p.created_at, CURRENT_TIMESTAMP
FROM keepers k
JOIN boligagent_prefs p ON p.boligagent_id = k.id
WHERE k.id <> k.keeper
ORDER BY k.keeper, p.city_id, k.id
ON CONFLICT (boligagent_id, city_id) DO NOTHING;

DELETE FROM boligagents a
USING (
  SELECT b.id, first_value(b.id) OVER (PARTITION BY b.email ORDER BY (b.verified_at IS NULL), b.id) AS keeper
  FROM boligagents b
  WHERE b.user_id IS NULL
) k
WHERE a.id = k.id AND k.id <> k.keeper;

CREATE UNIQUE INDEX "boligagents_visitor_email_key" ON "boligagents"("email") WHERE "user_id" IS NULL;
