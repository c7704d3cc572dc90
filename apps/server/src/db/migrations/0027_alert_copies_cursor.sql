DROP INDEX "alert_recipients_alert_idx";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "copies_sent_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_recipients_alert_user_idx" ON "alert_recipients" USING btree ("alert_id","user_id");