CREATE TABLE "users_pending_contact" (
	"user_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"value" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_pending_contact_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "users_pending_contact_kind" CHECK ("users_pending_contact"."kind" in ('email', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "users_pending_contact" ADD CONSTRAINT "users_pending_contact_user_id_users_master_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_master"("id") ON DELETE cascade ON UPDATE no action;