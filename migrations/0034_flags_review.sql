CREATE TABLE "flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_item_id" integer NOT NULL,
	"flagger_id" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" varchar(20) NOT NULL,
	"target_id" integer NOT NULL,
	"author_id" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"action" varchar(20),
	"note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_items_resolved" CHECK (("review_items"."status" = 'pending') = ("review_items"."resolved_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bio_cards" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "moderation_action" varchar(20);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_review_item_id_review_items_id_fk" FOREIGN KEY ("review_item_id") REFERENCES "public"."review_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_flagger_id_users_id_fk" FOREIGN KEY ("flagger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_item_flagger_idx" ON "flags" USING btree ("review_item_id","flagger_id");--> statement-breakpoint
CREATE INDEX "flags_flagger_created_idx" ON "flags" USING btree ("flagger_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_pending_target_idx" ON "review_items" USING btree ("target_type","target_id") WHERE "review_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "review_items_status_created_idx" ON "review_items" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "review_items_resolved_idx" ON "review_items" USING btree ("status","resolved_at","id");--> statement-breakpoint
CREATE INDEX "posts_hidden_idx" ON "posts" USING btree ("id") WHERE "posts"."hidden_at" IS NOT NULL;