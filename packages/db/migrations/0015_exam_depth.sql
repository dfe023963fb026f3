CREATE TABLE "exam_question_stats" (
	"question_id" text PRIMARY KEY NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_review_items" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"due_on" date NOT NULL,
	"missed_on" date NOT NULL,
	"last_right_on" date,
	"right_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_review_items_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"topic" text,
	"question_ids" jsonb NOT NULL,
	"answer_order" jsonb,
	"answers" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "mode" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "map" jsonb;--> statement-breakpoint
ALTER TABLE "exam_question_stats" ADD CONSTRAINT "exam_question_stats_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_review_items" ADD CONSTRAINT "exam_review_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_review_items" ADD CONSTRAINT "exam_review_items_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_runs" ADD CONSTRAINT "exam_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_review_items_due_idx" ON "exam_review_items" USING btree ("user_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_runs_user_mode_idx" ON "exam_runs" USING btree ("user_id","mode");