CREATE TABLE "license_reminders" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"cycle" text NOT NULL,
	"mail_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_reminders_user_id_kind_cycle_pk" PRIMARY KEY("user_id","kind","cycle")
);
--> statement-breakpoint
CREATE TABLE "license_tracker_steps" (
	"user_id" text NOT NULL,
	"step" text NOT NULL,
	"done_on" date,
	"appointment_date" date,
	"appointment_time" text,
	"appointment_place" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_tracker_steps_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
CREATE TABLE "license_trackers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"language" text,
	"last_marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_tracker_steps" ADD CONSTRAINT "license_tracker_steps_user_id_license_trackers_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."license_trackers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_trackers" ADD CONSTRAINT "license_trackers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_tracker_steps_filed_idx" ON "license_tracker_steps" USING btree ("step","done_on");--> statement-breakpoint
CREATE INDEX "license_trackers_reminders_idx" ON "license_trackers" USING btree ("reminders");