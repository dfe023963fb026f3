CREATE TABLE "listing_views" (
	"listing_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_views_listing_id_visitor_id_pk" PRIMARY KEY("listing_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"category" text NOT NULL,
	"title" text,
	"description" text,
	"price_cents" integer,
	"payment_period" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plate_number" text,
	"vin" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"name" text,
	"email" text,
	"phone_number" text,
	"location_city" text,
	"location_state" text,
	"location_zip" text,
	"car_make" text,
	"car_make_id" integer,
	"car_model" text,
	"car_model_id" integer,
	"car_year" integer,
	"car_body_class" text,
	"car_fuel" text,
	"car_door_number" integer,
	"car_seat_number" integer,
	"car_seat_row_number" integer,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_status_published_idx" ON "listings" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_category_published_idx" ON "listings" USING btree ("status","category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_category_price_idx" ON "listings" USING btree ("status","category","price_cents");--> statement-breakpoint
CREATE INDEX "listings_status_make_model_year_idx" ON "listings" USING btree ("status","car_make_id","car_model_id","car_year") INCLUDE ("category","price_cents");--> statement-breakpoint
CREATE INDEX "listings_status_zip_idx" ON "listings" USING btree ("status","location_zip" text_pattern_ops) INCLUDE ("category","price_cents");--> statement-breakpoint
CREATE INDEX "listings_status_city_idx" ON "listings" USING btree ("status",lower("location_city") text_pattern_ops,"location_state") INCLUDE ("location_city");