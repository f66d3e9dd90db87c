CREATE TABLE "watched_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(100) NOT NULL,
	"key" varchar(100) NOT NULL,
	"action" varchar(10) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flags" ALTER COLUMN "flagger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_censored" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_censored" text;--> statement-breakpoint
ALTER TABLE "profile_comments" ADD COLUMN "content_censored" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "description_censored" text;--> statement-breakpoint
ALTER TABLE "watched_words" ADD CONSTRAINT "watched_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watched_words_key_idx" ON "watched_words" USING btree ("key");--> statement-breakpoint
CREATE INDEX "watched_words_created_by_idx" ON "watched_words" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "flags_item_system_idx" ON "flags" USING btree ("review_item_id") WHERE "flags"."flagger_id" IS NULL;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_system_reason" CHECK (("flags"."flagger_id" IS NULL) = ("flags"."reason" = 'watched_word'));