ALTER TABLE "payout_accounts" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "setup_reminded_at" timestamp with time zone;