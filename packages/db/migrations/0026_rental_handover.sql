CREATE TABLE "rental_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb NOT NULL,
	"answer" text,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"decided_cents" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"withheld_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_claims_rental_id_unique" UNIQUE("rental_id")
);
--> statement-breakpoint
CREATE TABLE "rental_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"party" text NOT NULL,
	"user_id" text NOT NULL,
	"photos" jsonb NOT NULL,
	"odometer_miles" integer NOT NULL,
	"fuel_percent" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_claims" ADD CONSTRAINT "rental_claims_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_claims" ADD CONSTRAINT "rental_claims_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD CONSTRAINT "rental_handovers_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD CONSTRAINT "rental_handovers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_claims_open_idx" ON "rental_claims" USING btree ("created_at") WHERE "rental_claims"."answer" = 'disputed' and "rental_claims"."decided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_handovers_rental_stage_party_key" ON "rental_handovers" USING btree ("rental_id","stage","party");