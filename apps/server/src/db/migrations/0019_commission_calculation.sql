ALTER TABLE "commission_exceptions" ADD COLUMN "line" integer;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "deals_master_id" integer;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "products_master_id" integer;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "rate_column" text;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "rule" text;