-- What hangs on a pole (wires and their spans, guys, equipment) and what the loading check reads
-- of the pole itself: setting depth, species, ground-line and top circumferences (null: not
-- measured; the check takes a documented default or names it as missing).
CREATE TABLE "pole_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"pole_id" uuid NOT NULL,
	"owner" text,
	"kind" text NOT NULL,
	"height_m" double precision,
	"measurement_id" uuid,
	"diameter_mm" double precision,
	"tension_kn" double precision,
	"spans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anchor_distance_m" double precision,
	"bearing_deg" double precision,
	"rated_kn" double precision,
	"weight_kg" double precision,
	"area_m2" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "pole_attachments_kind" CHECK ("pole_attachments"."kind" IN ('primary', 'secondary', 'neutral', 'communication', 'streetlight', 'transformer', 'riser', 'crossarm', 'guy'))
);
--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "setting_depth_m" double precision;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "species" text;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "groundline_circumference_m" double precision;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD COLUMN "top_circumference_m" double precision;--> statement-breakpoint
ALTER TABLE "pole_attachments" ADD CONSTRAINT "pole_attachments_pole_id_utility_poles_id_fk" FOREIGN KEY ("pole_id") REFERENCES "public"."utility_poles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pole_attachments" ADD CONSTRAINT "pole_attachments_measurement_id_utility_pole_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."utility_pole_measurements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pole_attachments" ADD CONSTRAINT "pole_attachments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pole_attachments" ADD CONSTRAINT "pole_attachments_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pole_attachments_pole_idx" ON "pole_attachments" USING btree ("pole_id","created_at");--> statement-breakpoint
-- A photo-made pole whose last photo leaves stays while attachments are recorded on it, as it does
-- for findings and visits: what hangs on a pole is not lost with its photos.
CREATE OR REPLACE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids) AND p.source = 'photo'
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_findings f WHERE f.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_visits v WHERE v.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM pole_attachments a WHERE a.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;
