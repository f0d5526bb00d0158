ALTER TABLE "utility_poles" ADD COLUMN "position_source" text DEFAULT 'gps' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "locate_gps_error_m" double precision DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "locate_compass_error_deg" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "utility_poles" ADD CONSTRAINT "poles_position_source" CHECK ("utility_poles"."position_source" IN ('gps', 'bearings', 'import', 'manual'));--> statement-breakpoint
-- A register import set the position of every pole it created or updated; the rest stand where a photo was taken.
UPDATE "utility_poles" SET "position_source" = 'import' WHERE "source" = 'import';
