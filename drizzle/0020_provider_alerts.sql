CREATE TABLE "provider_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"detail" text NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "provider_alerts_channel_check" CHECK ("provider_alerts"."channel" in ('email', 'sms', 'whatsapp'))
);
