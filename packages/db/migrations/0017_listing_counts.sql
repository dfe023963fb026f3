-- The marketplace's maintained counts (issue #20): the ACTIVE listings that each search of one filter
-- matches, so that such a search reads its total instead of counting it. The keys are named by
-- listing_count_keys below and, for a search, by apps/api/src/modules/listings/listing-count-key.ts
-- (the two must agree: apps/api/test/listing-counts.test.ts holds them equal to a count).
-- Inserts and deletes are counted per statement from their transition tables (a bulk load of 5,000
-- rows is one upsert per key, not 5,000); an update only when it changes the status or a counted
-- column (the view counter's updates never reach the function). Every change of the counts is in the
-- transaction of the change of listings, so a search sees both alike.
CREATE TABLE "listing_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION listing_count_keys(status text, category text, deal_type text, car_make_id integer, car_model_id integer, location_zip text, location_city text, location_state text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'ACTIVE' THEN array_remove(ARRAY[
    'all',
    'category:' || category,
    'deal:' || deal_type,
    'category-deal:' || category || ':' || deal_type,
    'make:' || car_make_id,
    'model:' || car_make_id || ':' || car_model_id,
    'zip:' || location_zip,
    'city:' || lower(location_city),
    'city-state:' || location_state || ':' || lower(location_city)
  ], NULL) ELSE '{}'::text[] END
$$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_counts AS c (key, n)
  SELECT k, count(*)::integer FROM new_rows r,
    unnest(listing_count_keys(r.status, r.category, r.deal_type, r.car_make_id, r.car_model_id, r.location_zip, r.location_city, r.location_state)) AS k
  GROUP BY k ORDER BY k
  ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_counts AS c (key, n)
  SELECT k, -count(*)::integer FROM old_rows r,
    unnest(listing_count_keys(r.status, r.category, r.deal_type, r.car_make_id, r.car_model_id, r.location_zip, r.location_city, r.location_state)) AS k
  GROUP BY k ORDER BY k
  ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_counts AS c (key, n)
  SELECT k, sum(d)::integer FROM (
    SELECT unnest(listing_count_keys(NEW.status, NEW.category, NEW.deal_type, NEW.car_make_id, NEW.car_model_id, NEW.location_zip, NEW.location_city, NEW.location_state)) AS k, 1 AS d
    UNION ALL
    SELECT unnest(listing_count_keys(OLD.status, OLD.category, OLD.deal_type, OLD.car_make_id, OLD.car_model_id, OLD.location_zip, OLD.location_city, OLD.location_state)), -1
  ) AS changes
  GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER listing_counts_update AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((OLD.status, OLD.category, OLD.deal_type, OLD.car_make_id, OLD.car_model_id, OLD.location_zip, OLD.location_city, OLD.location_state)
    IS DISTINCT FROM (NEW.status, NEW.category, NEW.deal_type, NEW.car_make_id, NEW.car_model_id, NEW.location_zip, NEW.location_city, NEW.location_state))
  EXECUTE FUNCTION listing_counts_updated();
--> statement-breakpoint
CREATE TRIGGER listing_counts_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_truncated();
--> statement-breakpoint
INSERT INTO listing_counts (key, n)
SELECT k, count(*)::integer FROM listings l,
  unnest(listing_count_keys(l.status, l.category, l.deal_type, l.car_make_id, l.car_model_id, l.location_zip, l.location_city, l.location_state)) AS k
GROUP BY k;
