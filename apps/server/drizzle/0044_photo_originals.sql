ALTER TABLE "utility_pole_images" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "utility_pole_images" ADD COLUMN "original_mime" text;--> statement-breakpoint
ALTER TABLE "utility_pole_images" ADD COLUMN "original_bytes" bigint;--> statement-breakpoint
ALTER TABLE "utility_pole_images" ADD CONSTRAINT "utility_pole_images_original_key_unique" UNIQUE("original_key");--> statement-breakpoint
ALTER TABLE "utility_pole_images" ADD CONSTRAINT "images_original_whole" CHECK (("utility_pole_images"."original_key" IS NULL) = ("utility_pole_images"."original_mime" IS NULL) AND ("utility_pole_images"."original_key" IS NULL) = ("utility_pole_images"."original_bytes" IS NULL));