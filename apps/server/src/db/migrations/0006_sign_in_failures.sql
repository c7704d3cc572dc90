CREATE TABLE "auth_sign_in_failure" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_sign_in_failure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"client_ip" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "remember_me" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_sign_in_failure_account_idx" ON "auth_sign_in_failure" USING btree ("account","failed_at");--> statement-breakpoint
CREATE INDEX "auth_sign_in_failure_pair_idx" ON "auth_sign_in_failure" USING btree ("account","client_ip","failed_at");--> statement-breakpoint
CREATE INDEX "auth_sign_in_failure_failed_at_idx" ON "auth_sign_in_failure" USING btree ("failed_at");