-- CreateTable
CREATE TABLE "dwelling_list_log" (
    "xid" BIGINT NOT NULL,
    "dwelling_id" INTEGER NOT NULL,

    CONSTRAINT "dwelling_list_log_pkey" PRIMARY KEY ("xid","dwelling_id")
);

-- CreateTable
CREATE TABLE "dwelling_list_log_marks" (
    "oldest_xid" BIGINT NOT NULL,
    "recorded_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dwelling_list_log_marks_pkey" PRIMARY KEY ("oldest_xid")
);

-- CreateTable
CREATE TABLE "dwelling_list_log_bound" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "pruned_below" BIGINT NOT NULL,

    CONSTRAINT "dwelling_list_log_bound_pkey" PRIMARY KEY ("id")
);

-- Written by hand (issue 35): which dwellings each transaction changed, so that a web process brings
-- its list snapshot up to date with the rows that changed instead of reloading every dwelling.
-- Sequence numbers are not commit order, so a reader asks by PostgreSQL snapshot: the rows of the
-- transactions committed now that its last snapshot did not see (DwellingListReader.changes).
-- As in 20261122055857_dwelling_list_keys, no semicolon but at the end of a statement: PL/pgSQL
-- bodies are E'' strings writing theirs as \073, and quotes double.

-- The same trigger function, still writing the version's row exactly as before, now also one log row
-- per changed dwelling (dwelling 0 for a TRUNCATE: every dwelling changed).
CREATE OR REPLACE FUNCTION dwellings_changed() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  tx bigint\073
BEGIN
  -- A statement that changed no row (an UPDATE whose WHERE matched nothing) changes no list.
  IF TG_OP <> ''TRUNCATE'' THEN
    IF NOT EXISTS (SELECT FROM changed_dwellings) THEN
      RETURN NULL\073
    END IF\073
  END IF\073
  tx := pg_current_xact_id()::text::bigint\073
  INSERT INTO "dwelling_list_changes" ("xid") VALUES (tx) ON CONFLICT DO NOTHING\073
  IF TG_OP = ''TRUNCATE'' THEN
    INSERT INTO "dwelling_list_log" ("xid", "dwelling_id") VALUES (tx, 0) ON CONFLICT DO NOTHING\073
  ELSE
    INSERT INTO "dwelling_list_log" ("xid", "dwelling_id") SELECT tx, "id" FROM changed_dwellings ON CONFLICT DO NOTHING\073
  END IF\073
  RETURN NULL\073
END';

-- Log rows below the bound may be gone. It starts at the next transaction id after the trigger above
-- is in force (each statement of this file commits on its own: adapter-pg's executeScript), so a
-- transaction that changed dwellings under the old trigger, without log rows, lies below it, and a
-- snapshot that could have missed it is answered "reload".
INSERT INTO "dwelling_list_log_bound" ("id", "pruned_below") VALUES (1, pg_snapshot_xmax(pg_current_snapshot())::text::bigint);

-- Prunes the log: records the oldest running transaction now (a mark), then deletes the rows below
-- the newest mark at least `keep` old and raises the bound to it. A snapshot taken after that mark has
-- an xmin at or above it, so it lost nothing, and an older one gets "reload". Concurrent prunes take
-- turns on the bound's row: the second then sees the first's bound, marks and deletions.
-- A transaction id above any this server has finished comes from another server's dump (a restore,
-- docs/operations.md): such a log would answer "reload", or old rows, for good, so it starts afresh.
-- Under a lock that lets every writer of the log finish first: each row deleted then lies below the
-- new bound, and a writer still to come either writes above it or was running for every snapshot
-- that missed it (whose xmin is then below the bound: "reload").
CREATE FUNCTION dwelling_list_log_prune(keep interval) RETURNS void LANGUAGE plpgsql AS E'
DECLARE
  bound bigint\073
  cut bigint\073
  foreign_ids boolean\073
BEGIN
  SELECT "pruned_below" INTO bound FROM "dwelling_list_log_bound" WHERE "id" = 1 FOR UPDATE\073
  -- One statement, so one snapshot: every row it sees is of a finished transaction, below its xmax.
  SELECT bound > f.finished OR EXISTS (SELECT FROM "dwelling_list_log" WHERE "xid" >= f.finished)
         OR EXISTS (SELECT FROM "dwelling_list_log_marks" WHERE "oldest_xid" > f.finished)
    INTO foreign_ids FROM (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS finished) f\073
  IF foreign_ids THEN
    LOCK TABLE "dwelling_list_log" IN EXCLUSIVE MODE\073
    DELETE FROM "dwelling_list_log"\073
    DELETE FROM "dwelling_list_log_marks"\073
    UPDATE "dwelling_list_log_bound" SET "pruned_below" = pg_snapshot_xmax(pg_current_snapshot())::text::bigint WHERE "id" = 1\073
    RETURN\073
  END IF\073
  INSERT INTO "dwelling_list_log_marks" ("oldest_xid", "recorded_at")
    VALUES (pg_snapshot_xmin(pg_current_snapshot())::text::bigint, now()) ON CONFLICT DO NOTHING\073
  SELECT max("oldest_xid") INTO cut FROM "dwelling_list_log_marks" WHERE "recorded_at" <= now() - keep\073
  IF cut > bound THEN
    UPDATE "dwelling_list_log_bound" SET "pruned_below" = cut WHERE "id" = 1\073
    DELETE FROM "dwelling_list_log" WHERE "xid" < cut\073
    DELETE FROM "dwelling_list_log_marks" WHERE "oldest_xid" < cut\073
  END IF\073
END';
