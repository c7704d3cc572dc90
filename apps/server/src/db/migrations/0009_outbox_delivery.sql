-- Delivery through a worker (docs/decisions/013): attempts, the last error, the next try, and the
-- unmasked text kept only until a real transport has delivered it.
ALTER TABLE "outbox_messages" RENAME COLUMN "error" TO "last_error";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_status";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_waiting_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_status" CHECK ("outbox_messages"."status" in ('queued', 'sending', 'sent', 'failed'));--> statement-breakpoint
-- Messages before this migration were sent (or failed) once, in the request.
UPDATE "outbox_messages" SET "attempts" = 1, "updated_at" = coalesce("sent_at", "created_at");
