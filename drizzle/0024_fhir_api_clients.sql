CREATE TABLE "api_client_assertions" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_client_assertions_pkey" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"facility_id" uuid,
	"scopes" text[] NOT NULL,
	"jwks" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_clients_name_check" CHECK (char_length("api_clients"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_client_id" uuid;--> statement-breakpoint
ALTER TABLE "api_client_assertions" ADD CONSTRAINT "api_client_assertions_client_id_api_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_client_assertions_expires_at_idx" ON "api_client_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_clients_facility_idx" ON "api_clients" USING btree ("facility_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE restrict ON UPDATE no action;