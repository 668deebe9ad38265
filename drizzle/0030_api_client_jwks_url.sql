ALTER TABLE "api_clients" ALTER COLUMN "jwks" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "jwks_url" text;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_keys_check" CHECK (("api_clients"."jwks" is null) <> ("api_clients"."jwks_url" is null));