CREATE TABLE "utility_pole_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"pole_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" jsonb NOT NULL,
	"verticals" jsonb,
	"points" jsonb NOT NULL,
	"suggestions" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "lean_deg" double precision;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "lean_toward_deg" double precision;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "lean_apparent" boolean;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "lean_measured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "clearance_rules" jsonb;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "lean_threshold_deg" double precision;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "length_units" text;--> statement-breakpoint
ALTER TABLE "utility_pole_measurements" ADD CONSTRAINT "utility_pole_measurements_pole_id_utility_poles_id_fk" FOREIGN KEY ("pole_id") REFERENCES "public"."utility_poles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_pole_measurements" ADD CONSTRAINT "utility_pole_measurements_image_id_utility_pole_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."utility_pole_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_pole_measurements" ADD CONSTRAINT "utility_pole_measurements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurements_pole_idx" ON "utility_pole_measurements" USING btree ("pole_id","created_at");--> statement-breakpoint
CREATE INDEX "measurements_image_idx" ON "utility_pole_measurements" USING btree ("image_id");