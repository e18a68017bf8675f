-- AlterTable
ALTER TABLE "dwellings" ADD COLUMN     "list_blurred_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "list_full_keys" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "dwelling_list_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "dwelling_list_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dwelling_list_changes" (
    "xid" BIGINT NOT NULL,

    CONSTRAINT "dwelling_list_changes_pkey" PRIMARY KEY ("xid")
);

-- Written by hand (docs/decisions/0004): the lists' image keys on the dwelling, and the list version.
-- Prisma's migrate (adapter-pg) runs this file split at every semicolon, so there is none but at the
-- end of a statement: PL/pgSQL bodies are E'' strings that write theirs as \073, and quotes double.

-- The dwellings' image keys in position order, for the lists: one array per dwelling instead of a
-- sub-select on dwelling_images per listed row. Every writer of dwelling_images (feed import, seed,
-- tests) keeps them right through the triggers below, and nothing else writes these columns.
UPDATE "dwellings" d
   SET "list_blurred_keys" = k.blurred, "list_full_keys" = k.full
  FROM (SELECT "dwelling_id", array_agg("blurred_key" ORDER BY "position") AS blurred, array_agg("full_key" ORDER BY "position") AS full
          FROM "dwelling_images" GROUP BY "dwelling_id") k
 WHERE d."id" = k."dwelling_id";

CREATE FUNCTION dwelling_list_keys_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "dwellings" d
     SET "list_blurred_keys" = k.blurred, "list_full_keys" = k.full
    FROM (SELECT c.id,
                 coalesce(array_agg(i."blurred_key" ORDER BY i."position") FILTER (WHERE i."id" IS NOT NULL), '{}') AS blurred,
                 coalesce(array_agg(i."full_key" ORDER BY i."position") FILTER (WHERE i."id" IS NOT NULL), '{}') AS full
            FROM unnest(ids) AS c(id)
            LEFT JOIN "dwelling_images" i ON i."dwelling_id" = c.id
           GROUP BY c.id) k
   WHERE d."id" = k.id
     -- An image change that keeps the keys (a width, a checksum) leaves the dwelling alone.
     AND (d."list_blurred_keys" IS DISTINCT FROM k.blurred OR d."list_full_keys" IS DISTINCT FROM k.full)
$$;

-- Statement-level with transition tables: a bulk insert of images updates each dwelling once.
CREATE FUNCTION dwelling_images_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    PERFORM dwelling_list_keys_refresh(ARRAY(SELECT DISTINCT "dwelling_id" FROM new_images))\073
  ELSIF TG_OP = ''DELETE'' THEN
    PERFORM dwelling_list_keys_refresh(ARRAY(SELECT DISTINCT "dwelling_id" FROM old_images))\073
  ELSIF TG_OP = ''UPDATE'' THEN
    PERFORM dwelling_list_keys_refresh(ARRAY(SELECT "dwelling_id" FROM old_images UNION SELECT "dwelling_id" FROM new_images))\073
  ELSE
    UPDATE "dwellings" SET "list_blurred_keys" = ''{}'', "list_full_keys" = ''{}''
     WHERE "list_blurred_keys" <> ''{}'' OR "list_full_keys" <> ''{}''\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER dwelling_images_list_keys_insert AFTER INSERT ON "dwelling_images"
  REFERENCING NEW TABLE AS new_images FOR EACH STATEMENT EXECUTE FUNCTION dwelling_images_changed();
CREATE TRIGGER dwelling_images_list_keys_update AFTER UPDATE ON "dwelling_images"
  REFERENCING OLD TABLE AS old_images NEW TABLE AS new_images FOR EACH STATEMENT EXECUTE FUNCTION dwelling_images_changed();
CREATE TRIGGER dwelling_images_list_keys_delete AFTER DELETE ON "dwelling_images"
  REFERENCING OLD TABLE AS old_images FOR EACH STATEMENT EXECUTE FUNCTION dwelling_images_changed();
CREATE TRIGGER dwelling_images_list_keys_truncate AFTER TRUNCATE ON "dwelling_images"
  FOR EACH STATEMENT EXECUTE FUNCTION dwelling_images_changed();

-- The list version: the base in dwelling_list_version plus one row per committed transaction that
-- changed dwellings (the image keys above included) in dwelling_list_changes. A reader takes both in
-- the statement that reads the list, so the version it stores a page under is the page's own snapshot.
-- Writers only insert their own row (no lock anyone waits on, no deadlock), and the API folds the rows
-- into the base now and then (dwelling_list_fold, one statement: the sum stays the same).
-- (A deferred constraint trigger bumping one row at commit would be simpler, but Prisma 6.19's schema
-- engine cannot introspect constraint triggers: `migrate diff` panics.)
INSERT INTO "dwelling_list_version" ("id", "version") VALUES (1, 0);

-- STABLE: inside the list statement it reads that statement's snapshot.
CREATE FUNCTION dwelling_list_version() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT "version" FROM "dwelling_list_version" WHERE "id" = 1), 0)
       + (SELECT count(*) FROM "dwelling_list_changes")
$$;

-- Folds the committed rows into the base. A concurrent fold waits on the rows and the base row, then
-- adds only what it deleted itself.
CREATE FUNCTION dwelling_list_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM "dwelling_list_changes" RETURNING 1)
  UPDATE "dwelling_list_version" SET "version" = "version" + (SELECT count(*) FROM gone) WHERE "id" = 1
$$;

CREATE FUNCTION dwellings_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  -- A statement that changed no row (an UPDATE whose WHERE matched nothing) changes no list.
  IF TG_OP <> ''TRUNCATE'' THEN
    IF NOT EXISTS (SELECT FROM changed_dwellings) THEN
      RETURN NULL\073
    END IF\073
  END IF\073
  INSERT INTO "dwelling_list_changes" ("xid") VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING\073
  RETURN NULL\073
END';

CREATE TRIGGER dwellings_list_version_insert AFTER INSERT ON "dwellings"
  REFERENCING NEW TABLE AS changed_dwellings FOR EACH STATEMENT EXECUTE FUNCTION dwellings_changed();
CREATE TRIGGER dwellings_list_version_update AFTER UPDATE ON "dwellings"
  REFERENCING NEW TABLE AS changed_dwellings FOR EACH STATEMENT EXECUTE FUNCTION dwellings_changed();
CREATE TRIGGER dwellings_list_version_delete AFTER DELETE ON "dwellings"
  REFERENCING OLD TABLE AS changed_dwellings FOR EACH STATEMENT EXECUTE FUNCTION dwellings_changed();
CREATE TRIGGER dwellings_list_version_truncate AFTER TRUNCATE ON "dwellings"
  FOR EACH STATEMENT EXECUTE FUNCTION dwellings_changed();
