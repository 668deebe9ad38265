ALTER TABLE "payout_detail_changes" ADD COLUMN "resolved_name" text;--> statement-breakpoint
ALTER TABLE "payout_detail_changes" ADD COLUMN "wallet_code_hash" text;