CREATE TABLE "user_last_workspace" (
	"user_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_last_workspace" ADD CONSTRAINT "user_last_workspace_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_last_workspace" ADD CONSTRAINT "user_last_workspace_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Users working in a team when this arrives keep it: their newest session's workspace is their last.
INSERT INTO "user_last_workspace" ("user_id", "workspace_id", "updated_at")
SELECT n."user_id", n."active_organization_id", n."updated_at"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "active_organization_id", "updated_at"
  FROM "session" ORDER BY "user_id", "updated_at" DESC
) n JOIN "organization" o ON o."id" = n."active_organization_id";
