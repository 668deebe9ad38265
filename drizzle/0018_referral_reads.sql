CREATE TABLE "referral_reads" (
	"referral_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_reads_referral_id_user_id_pk" PRIMARY KEY("referral_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "referral_reads" ADD CONSTRAINT "referral_reads_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reads" ADD CONSTRAINT "referral_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;