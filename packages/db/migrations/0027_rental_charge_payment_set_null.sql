ALTER TABLE "rental_charges" DROP CONSTRAINT "rental_charges_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "rental_charges" ADD CONSTRAINT "rental_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;