ALTER TABLE "notifications" ADD COLUMN "moderation_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "moderation_note" text;