-- Wrong passwords are counted per account and client address, and per account over all addresses
-- ('*'): decision 0010. The old per-account counts (15 minutes of state at most) are dropped.
DELETE FROM "sign_in_failures";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP CONSTRAINT "sign_in_failures_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "address" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_email_address_pk" PRIMARY KEY("email","address");
