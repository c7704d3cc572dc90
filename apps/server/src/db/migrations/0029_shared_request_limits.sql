CREATE TABLE "request_limit_counters" (
	"family" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_limit_counters_family_key_pk" PRIMARY KEY("family","key")
);
--> statement-breakpoint
CREATE INDEX "request_limit_counters_expires_at_index" ON "request_limit_counters" USING btree ("expires_at");