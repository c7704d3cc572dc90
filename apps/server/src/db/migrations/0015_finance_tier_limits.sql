CREATE TABLE "finance_tier_limits" (
	"refs_user_tier_id" smallint PRIMARY KEY NOT NULL,
	"max_credit_cents" integer NOT NULL,
	"months" smallint NOT NULL,
	"max_monthly_payment_cents" integer NOT NULL,
	"max_support_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_tier_limits_positive" CHECK ("finance_tier_limits"."max_credit_cents" >= 0 and "finance_tier_limits"."months" > 0 and "finance_tier_limits"."max_monthly_payment_cents" >= 0 and "finance_tier_limits"."max_support_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "finance_tier_limits" ADD CONSTRAINT "finance_tier_limits_refs_user_tier_id_refs_user_tier_id_fk" FOREIGN KEY ("refs_user_tier_id") REFERENCES "public"."refs_user_tier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the default finance settings per tier (decision 033), in cents.
INSERT INTO finance_tier_limits (refs_user_tier_id, max_credit_cents, months, max_monthly_payment_cents, max_support_cents) VALUES
  (1, 500000, 6, 100000, 250000),
  (2, 1000000, 6, 200000, 500000),
  (3, 2000000, 12, 250000, 1000000),
  (4, 3000000, 12, 350000, 1500000)
ON CONFLICT (refs_user_tier_id) DO NOTHING;
