CREATE TABLE "exam_answer_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"question_id" text NOT NULL,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answer_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "exam_answer_keys" ADD CONSTRAINT "exam_answer_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answer_keys" ADD CONSTRAINT "exam_answer_keys_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answer_keys_user_created_idx" ON "exam_answer_keys" USING btree ("user_id","created_at");