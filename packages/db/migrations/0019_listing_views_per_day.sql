-- A view counts once per visitor, listing and day (issue #33): the visitor is the signed-in user or a
-- keyed hash of the client address and user agent (no longer a cookie the client could leave out or
-- make up), and the anonymous views of one address are capped per listing and day (address_key). The
-- earlier rows (one per visitor cookie, kept forever) only kept a cookie from counting twice: their keys
-- can never match the new ones, so they go; the counts in listings.view_count stay.
DELETE FROM "listing_views";--> statement-breakpoint
ALTER TABLE "listing_views" DROP CONSTRAINT "listing_views_listing_id_visitor_id_pk";--> statement-breakpoint
ALTER TABLE "listing_views" ADD COLUMN "day" date NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_views" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_day_visitor_id_pk" PRIMARY KEY("listing_id","day","visitor_id");--> statement-breakpoint
CREATE INDEX "listing_views_address_idx" ON "listing_views" USING btree ("listing_id","day","address_key");
