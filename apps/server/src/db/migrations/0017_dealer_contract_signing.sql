ALTER TABLE "dealer_contracts" ADD COLUMN "signer_user_agent" text;--> statement-breakpoint
ALTER TABLE "dealer_contracts" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealer_contracts" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "dealer_contracts" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;