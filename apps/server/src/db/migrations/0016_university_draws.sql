CREATE TABLE "training_attempt_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" integer NOT NULL,
	"users_master_id" integer NOT NULL,
	"language" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_attempt_draws" ADD CONSTRAINT "training_attempt_draws_module_id_training_master_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_master"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempt_draws" ADD CONSTRAINT "training_attempt_draws_users_master_id_users_master_id_fk" FOREIGN KEY ("users_master_id") REFERENCES "public"."users_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_attempt_draws_user_module_unique" ON "training_attempt_draws" USING btree ("users_master_id","module_id");