ALTER TABLE "facilities" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "hubs" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "hubs" ADD COLUMN "description_fr" text;