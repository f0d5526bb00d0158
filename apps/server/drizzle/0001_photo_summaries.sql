CREATE TABLE "utility_pole_regions" (
	"user_id" text NOT NULL,
	"region_lon" double precision NOT NULL,
	"region_lat" double precision NOT NULL,
	"photo_count" integer NOT NULL,
	"min_lon" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"first_date" date,
	"first_created_at" timestamp with time zone NOT NULL,
	"first_id" uuid NOT NULL,
	CONSTRAINT "utility_pole_regions_user_id_region_lon_region_lat_pk" PRIMARY KEY("user_id","region_lon","region_lat")
);
--> statement-breakpoint
CREATE TABLE "utility_pole_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"used_bytes" bigint NOT NULL,
	"photo_count" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "images_user_size_idx";--> statement-breakpoint
DROP INDEX "images_user_date_idx";--> statement-breakpoint
DROP INDEX "images_user_region_idx";--> statement-breakpoint
ALTER TABLE "utility_pole_regions" ADD CONSTRAINT "utility_pole_regions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_pole_usage" ADD CONSTRAINT "utility_pole_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regions_user_first_idx" ON "utility_pole_regions" USING btree ("user_id","first_date","first_created_at","first_id");--> statement-breakpoint
CREATE INDEX "images_user_date_idx" ON "utility_pole_images" USING btree ("user_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "images_user_region_idx" ON "utility_pole_images" USING btree ("user_id","region_lon","region_lat","date","created_at","id");