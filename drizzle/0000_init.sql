CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"description" text NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"insurance" text[] DEFAULT '{}'::text[] NOT NULL,
	"image" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"mission" text,
	"vision" text,
	"partnerships" text[],
	"specialty_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professionals" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hub_id" text NOT NULL,
	"email" text NOT NULL,
	"user_type" text NOT NULL,
	"full_name" text,
	"specialty" text,
	"professional_title" text,
	"years_of_experience" integer,
	"facility_name" text,
	"facility_type" text,
	"country" text,
	"phone" text,
	"message" text,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_slug_key" ON "facilities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "facilities_active_name_idx" ON "facilities" USING btree ("is_active","name");--> statement-breakpoint
CREATE INDEX "facilities_country_type_idx" ON "facilities" USING btree ("country","type");--> statement-breakpoint
CREATE INDEX "facilities_specialties_idx" ON "facilities" USING gin ("specialties");--> statement-breakpoint
CREATE INDEX "facilities_services_idx" ON "facilities" USING gin ("services");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_waitlist_hub_email_key" ON "hub_waitlist" USING btree ("hub_id",lower("email"));--> statement-breakpoint
CREATE INDEX "hub_waitlist_created_at_idx" ON "hub_waitlist" USING btree ("created_at" DESC NULLS LAST);