ALTER TABLE "bio_cards" ALTER COLUMN "track_url" SET DATA TYPE varchar(2048);--> statement-breakpoint
ALTER TABLE "user_links" ALTER COLUMN "url" SET DATA TYPE varchar(2048);