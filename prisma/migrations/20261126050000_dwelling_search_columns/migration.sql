-- AlterTable
ALTER TABLE "dwellings" ADD COLUMN     "available_from" DATE,
ADD COLUMN     "dwelling_type" TEXT,
ADD COLUMN     "lease_months" INTEGER,
ADD COLUMN     "monthly_cost" INTEGER,
ADD COLUMN     "move_in_cost" INTEGER;

-- Backfill (docs/decisions/0013-search-filters-and-costs.md): the rules of deriveDwellingColumns
-- (libs/domain/src/dwelling-costs.ts) written in SQL, once, for the rows that exist. Every later
-- write computes them in the importer and the seed. No semicolon inside a statement or a comment:
-- adapter-pg's executeScript splits the file at every one (docs/decisions/0004). The two helper
-- functions are dropped at the end.

-- An amount in whole kroner from a fact value: a number of 0 or more, or digits as text
-- ("650", "1.250", "1.250,50 kr."), else NULL (factAmount).
CREATE FUNCTION husly_backfill_amount(v jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(v)
    WHEN 'number' THEN CASE WHEN (v #>> '{}')::numeric >= 0 THEN least(round((v #>> '{}')::numeric), 2147483647)::integer END
    WHEN 'string' THEN replace(substring(v #>> '{}' FROM '(?i)^\s*(\d{1,3}(?:\.\d{3})+|\d{1,9})(?:,\d+)?\s*(?:kr\.?|dkk)?\s*$'), '.', '')::integer
  END
$$;

-- A calendar day, or NULL when it does not exist (31/02).
CREATE FUNCTION husly_backfill_day(y integer, m integer, d integer) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN y >= 1 AND m BETWEEN 1 AND 12 THEN
    CASE WHEN d BETWEEN 1 AND extract(day FROM make_date(y, m, 1) + interval '1 month' - interval '1 day')::integer THEN make_date(y, m, d) END
  END
$$;

UPDATE dwellings d SET
  monthly_cost = x.monthly_cost,
  move_in_cost = CASE
    WHEN x.downpayment > 0 THEN x.downpayment
    WHEN x.deposit IS NULL AND x.prepaid IS NULL THEN NULL
    ELSE coalesce(x.deposit, 0) + coalesce(x.prepaid, 0) + coalesce(x.monthly_cost, 0)
  END,
  available_from = x.available_from,
  lease_months = x.lease_months,
  dwelling_type = x.dwelling_type
FROM (
  SELECT a.id, a.downpayment, a.deposit, a.prepaid,
    CASE WHEN a.rent >= 0 THEN a.rent + CASE WHEN a.named THEN
      greatest(greatest(coalesce(a.heat, 0) + coalesce(a.water, 0) + coalesce(a.electricity, 0), coalesce(a.ac, 0))
        + coalesce(a.tv, 0) + coalesce(a.internet, 0) + coalesce(a.misc, 0), coalesce(a.expenses, 0))
      ELSE 0 END END AS monthly_cost,
    CASE
      WHEN a.available ~* '^(snarest|straks|nu|omg[åa]ende|hurtigst muligt|ledig nu|ledig straks|immediately|now|asap|as soon as possible)\.?$' THEN a.listed
      WHEN a.available ~ '^\d{4}-\d{2}-\d{2}$' THEN husly_backfill_day(substr(a.available, 1, 4)::integer, substr(a.available, 6, 2)::integer, substr(a.available, 9, 2)::integer)
      WHEN a.available ~ '^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$' THEN husly_backfill_day(split_part(regexp_replace(a.available, '[/.-]', '/', 'g'), '/', 3)::integer,
        split_part(regexp_replace(a.available, '[/.-]', '/', 'g'), '/', 2)::integer, split_part(regexp_replace(a.available, '[/.-]', '/', 'g'), '/', 1)::integer)
      WHEN a.available ~* '^\d{1,2}\.?\s+[a-zæøå]+\s+\d{4}$' THEN husly_backfill_day(
        (regexp_match(a.available, '(\d{4})$'))[1]::integer,
        array_position(ARRAY['januar','februar','marts','april','maj','juni','juli','august','september','oktober','november','december'],
          lower((regexp_match(a.available, '^\d{1,2}\.?\s+(\S+)\s'))[1])),
        (regexp_match(a.available, '^(\d{1,2})'))[1]::integer)
    END AS available_from,
    CASE
      WHEN a.timeframe ~ '^\d{4}-\d{2}-\d{2}$' THEN CASE WHEN husly_backfill_day(substr(a.timeframe, 1, 4)::integer, substr(a.timeframe, 6, 2)::integer, substr(a.timeframe, 9, 2)::integer) IS NOT NULL THEN
        greatest(1, (substr(a.timeframe, 1, 4)::integer - extract(year FROM a.listed)::integer) * 12
          + (substr(a.timeframe, 6, 2)::integer - extract(month FROM a.listed)::integer)
          - CASE WHEN substr(a.timeframe, 9, 2)::integer < extract(day FROM a.listed)::integer THEN 1 ELSE 0 END) END
      WHEN a.timeframe ~ '^\d{1,4}(\s*-\s*\d{1,4})?$' THEN coalesce((regexp_match(a.timeframe, '-\s*(\d{1,4})$'))[1], (regexp_match(a.timeframe, '^(\d{1,4})'))[1])::integer
    END AS lease_months,
    (SELECT lower(btrim(t.w)) FROM (
        SELECT e.w, e.n FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.types) = 'array' THEN a.types ELSE '[]'::jsonb END) WITH ORDINALITY AS e(w, n)
        UNION ALL
        SELECT s.w, s.n FROM regexp_split_to_table(CASE WHEN jsonb_typeof(a.types) = 'string' THEN a.types #>> '{}' ELSE '' END, '[,\x3B]') WITH ORDINALITY AS s(w, n)
      ) t WHERE lower(btrim(t.w)) IN ('apartment', 'room', 'townhouse', 'villa') ORDER BY t.n LIMIT 1) AS dwelling_type
  FROM (
    SELECT id, rent, btrim(coalesce(available, '')) AS available, btrim(coalesce(timeframe, '')) AS timeframe,
      (created_at AT TIME ZONE 'UTC' AT TIME ZONE 'Europe/Copenhagen')::date AS listed,
      facts -> 'dwelling_types' AS types,
      husly_backfill_amount(facts -> 'expenses_heat') AS heat, husly_backfill_amount(facts -> 'expenses_water') AS water,
      husly_backfill_amount(facts -> 'expenses_electricity') AS electricity, husly_backfill_amount(facts -> 'expenses_tv') AS tv,
      husly_backfill_amount(facts -> 'expenses_internet') AS internet, husly_backfill_amount(facts -> 'expenses_misc') AS misc,
      husly_backfill_amount(facts -> 'expenses') AS expenses, husly_backfill_amount(facts -> 'expenses_ac') AS ac,
      husly_backfill_amount(facts -> 'downpayment') AS downpayment, husly_backfill_amount(facts -> 'deposit') AS deposit,
      husly_backfill_amount(facts -> 'prepaid_rent') AS prepaid,
      num_nonnulls(husly_backfill_amount(facts -> 'expenses_heat'), husly_backfill_amount(facts -> 'expenses_water'),
        husly_backfill_amount(facts -> 'expenses_electricity'), husly_backfill_amount(facts -> 'expenses_tv'),
        husly_backfill_amount(facts -> 'expenses_internet'), husly_backfill_amount(facts -> 'expenses_misc'),
        husly_backfill_amount(facts -> 'expenses'), husly_backfill_amount(facts -> 'expenses_ac')) > 0 AS named
    FROM dwellings
  ) a
) x
WHERE d.id = x.id;

DROP FUNCTION husly_backfill_amount(jsonb);
DROP FUNCTION husly_backfill_day(integer, integer, integer);
