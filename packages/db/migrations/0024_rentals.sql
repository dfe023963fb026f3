-- btree_gist: the exclusion constraint below compares listing_id with = in a GiST index (a trusted
-- extension since PostgreSQL 13; PGlite loads it in packages/db client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "rental_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"consent_version" text NOT NULL,
	"driver_consent_at" timestamp with time zone,
	"driver_name" text,
	"driver_accepted_at" timestamp with time zone,
	"driver_ip" text,
	"owner_consent_at" timestamp with time zone,
	"owner_name" text,
	"owner_accepted_at" timestamp with time zone,
	"owner_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_agreements_rental_id_unique" UNIQUE("rental_id")
);
--> statement-breakpoint
CREATE TABLE "rental_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"driver_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"start_date" date NOT NULL,
	"weeks" integer NOT NULL,
	"end_date" date NOT NULL,
	"tlc_license_number" text NOT NULL,
	"tlc_license_expiry" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"driver_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_agreement' NOT NULL,
	"start_date" date NOT NULL,
	"weeks" integer NOT NULL,
	"end_date" date NOT NULL,
	"period" daterange GENERATED ALWAYS AS (daterange(start_date, end_date, '[)')) STORED NOT NULL,
	"weekly_rent_cents" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"agreement_due_at" timestamp with time zone NOT NULL,
	"pickup_paid_at" timestamp with time zone,
	"pickup_photos_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"payment_failed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"claim_opened_at" timestamp with time zone,
	"claim_resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rentals_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_min_weeks" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_mileage_unlimited" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_mileage_cap" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_insurance_included" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_insurance_limits" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_tlc_plate_included" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_maintenance_included" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_deductible_cents" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rent_remote_disabling" boolean;--> statement-breakpoint
ALTER TABLE "rental_agreements" ADD CONSTRAINT "rental_agreements_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_request_id_rental_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."rental_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_driver_id_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_requests_driver_idx" ON "rental_requests" USING btree ("driver_id","status","created_at");--> statement-breakpoint
CREATE INDEX "rental_requests_owner_idx" ON "rental_requests" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "rental_requests_listing_open_idx" ON "rental_requests" USING btree ("listing_id","start_date") WHERE "rental_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rental_requests_expiry_idx" ON "rental_requests" USING btree ("expires_at") WHERE "rental_requests"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "rental_requests_one_open_per_listing_idx" ON "rental_requests" USING btree ("listing_id","driver_id") WHERE "rental_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rentals_driver_idx" ON "rentals" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "rentals_owner_idx" ON "rentals" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "rentals_listing_idx" ON "rentals" USING btree ("listing_id","start_date");--> statement-breakpoint
CREATE INDEX "rentals_status_idx" ON "rentals" USING btree ("status","start_date");
--> statement-breakpoint
-- A car is never rented twice for the same days: of the rentals holding it (contracts
-- RENTAL_HOLDING_STATUSES), no two of one listing overlap. drizzle-kit cannot express it.
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_no_overlap" EXCLUDE USING gist ("listing_id" WITH =, "period" WITH &&) WHERE ("status" IN ('awaiting_agreement', 'awaiting_pickup', 'active', 'payment_failed', 'ended_nonpayment'));
