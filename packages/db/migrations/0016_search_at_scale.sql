-- The marketplace's search indexes (issue #20): one per sort and per equality filter, in the order of
-- the sort keys (schema.ts publishedKey/priceKey/yearKey), and two for the counts of make and model with
-- a category and a price. The INCLUDE columns (drizzle-kit cannot express them) let the capped counts
-- and the position of a numbered page be read from the index alone.
DROP INDEX "listings_status_category_published_idx";--> statement-breakpoint
DROP INDEX "listings_status_category_price_idx";--> statement-breakpoint
DROP INDEX "listings_status_deal_published_idx";--> statement-breakpoint
DROP INDEX "listings_status_deal_price_idx";--> statement-breakpoint
DROP INDEX "listings_status_category_deal_price_idx";--> statement-breakpoint
DROP INDEX "listings_status_year_idx";--> statement-breakpoint
DROP INDEX "listings_status_make_model_year_idx";--> statement-breakpoint
DROP INDEX "listings_status_zip_idx";--> statement-breakpoint
DROP INDEX "listings_status_city_idx";--> statement-breakpoint
CREATE INDEX "listings_search_newest_idx" ON "listings" USING btree ("status",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at");--> statement-breakpoint
CREATE INDEX "listings_search_category_newest_idx" ON "listings" USING btree ("status","category",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at");--> statement-breakpoint
CREATE INDEX "listings_search_deal_newest_idx" ON "listings" USING btree ("status","deal_type",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at","category","comparable_price_cents");--> statement-breakpoint
CREATE INDEX "listings_search_make_newest_idx" ON "listings" USING btree ("status","car_make_id",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at");--> statement-breakpoint
CREATE INDEX "listings_search_model_newest_idx" ON "listings" USING btree ("status","car_make_id","car_model_id",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at");--> statement-breakpoint
CREATE INDEX "listings_search_make_price_idx" ON "listings" USING btree ("status","car_make_id","category","price_cents") INCLUDE ("car_model_id","car_year","comparable_price_cents","deal_type");--> statement-breakpoint
CREATE INDEX "listings_search_model_price_idx" ON "listings" USING btree ("status","car_make_id","car_model_id","category","price_cents") INCLUDE ("car_year","comparable_price_cents","deal_type");--> statement-breakpoint
CREATE INDEX "listings_search_zip_newest_idx" ON "listings" USING btree ("status","location_zip" text_pattern_ops,coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at");--> statement-breakpoint
CREATE INDEX "listings_search_city_newest_idx" ON "listings" USING btree ("status",lower("location_city") text_pattern_ops,"location_state",coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("published_at","location_city");--> statement-breakpoint
CREATE INDEX "listings_search_deal_price_idx" ON "listings" USING btree ("status","deal_type",coalesce("comparable_price_cents", 2147483647),"id") INCLUDE ("comparable_price_cents");--> statement-breakpoint
CREATE INDEX "listings_search_category_deal_price_idx" ON "listings" USING btree ("status","category","deal_type",coalesce("comparable_price_cents", 2147483647),"id") INCLUDE ("comparable_price_cents");--> statement-breakpoint
CREATE INDEX "listings_search_price_idx" ON "listings" USING btree ("status","price_cents");--> statement-breakpoint
CREATE INDEX "listings_search_year_idx" ON "listings" USING btree ("status",coalesce("car_year", 0) desc,coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("car_year","published_at");--> statement-breakpoint
CREATE INDEX "listings_search_category_year_idx" ON "listings" USING btree ("status","category",coalesce("car_year", 0) desc,coalesce("published_at", '-infinity'::timestamptz) desc,"id" desc) INCLUDE ("car_year","published_at");