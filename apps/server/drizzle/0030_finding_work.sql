CREATE TABLE "utility_pole_finding_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"finding_id" uuid NOT NULL,
	"from_due_on" date NOT NULL,
	"to_due_on" date NOT NULL,
	"reason" text NOT NULL,
	"extended_by" text,
	"extended_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_extensions_later" CHECK ("utility_pole_finding_extensions"."to_due_on" > "utility_pole_finding_extensions"."from_due_on")
);
--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD COLUMN "work_order" text;--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD COLUMN "work_status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD COLUMN "original_due_on" date;--> statement-breakpoint
ALTER TABLE "utility_pole_finding_extensions" ADD CONSTRAINT "utility_pole_finding_extensions_finding_id_utility_pole_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."utility_pole_findings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_pole_finding_extensions" ADD CONSTRAINT "utility_pole_finding_extensions_extended_by_user_id_fk" FOREIGN KEY ("extended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_extensions_finding_idx" ON "utility_pole_finding_extensions" USING btree ("finding_id","created_at");--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD CONSTRAINT "utility_pole_findings_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "findings_assignee_due_idx" ON "utility_pole_findings" USING btree ("workspace_id","assignee_id","due_on","id");--> statement-breakpoint
CREATE INDEX "findings_workspace_observed_idx" ON "utility_pole_findings" USING btree ("workspace_id","observed_on","id");--> statement-breakpoint
CREATE INDEX "findings_workspace_level_idx" ON "utility_pole_findings" USING btree ("workspace_id","level","due_on","id");--> statement-breakpoint
-- Findings already resolved are resolved in their work too; every other one starts open.
UPDATE "utility_pole_findings" SET "work_status" = 'resolved' WHERE "status" = 'resolved';--> statement-breakpoint
ALTER TABLE "utility_pole_findings" ADD CONSTRAINT "findings_work_status_check" CHECK ("utility_pole_findings"."work_status" IN ('open', 'assigned', 'in-progress', 'resolved'));
--> statement-breakpoint
CREATE INDEX "poles_work_tag_idx" ON "utility_poles" USING btree ("workspace_id",coalesce(nullif("tag", ''), "label"),"id");--> statement-breakpoint
CREATE INDEX "poles_work_circuit_idx" ON "utility_poles" USING btree ("workspace_id",coalesce("circuit", ''),"id");
