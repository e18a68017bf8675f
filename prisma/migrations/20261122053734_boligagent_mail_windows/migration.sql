-- AlterTable
ALTER TABLE "boligagent_mails" ADD COLUMN     "dwelling_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "lease_until" TIMESTAMP(3),
ADD COLUMN     "window_end" TIMESTAMP(3),
ADD COLUMN     "window_start" TIMESTAMP(3);

-- Mails claimed before this migration list their dwellings through boligagent_deliveries: copy the
-- newest 20 into the mail so the new send path can render them.
UPDATE "boligagent_mails" m SET "dwelling_ids" = sub.ids
FROM (
  SELECT x.mail_id, (array_agg(x.dwelling_id ORDER BY d.created_at DESC, d.id DESC))[1:20] AS ids
  FROM "boligagent_deliveries" x JOIN "dwellings" d ON d.id = x.dwelling_id
  WHERE x.mail_id IS NOT NULL
  GROUP BY x.mail_id
) sub
WHERE sub.mail_id = m.id;
