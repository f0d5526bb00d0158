CREATE TABLE "user_notification_preferences" (
	"user_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"level1" boolean DEFAULT true NOT NULL,
	"assignment" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"digest_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notification_preferences_user_id_workspace_id_pk" PRIMARY KEY("user_id","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "user_notification_preferences" ADD CONSTRAINT "user_notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;