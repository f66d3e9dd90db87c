CREATE TABLE "topic_reactions" (
	"topic_id" integer NOT NULL,
	"reaction" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_reactions_topic_id_reaction_user_id_pk" PRIMARY KEY("topic_id","reaction","user_id"),
	CONSTRAINT "topic_reactions_reaction" CHECK ("topic_reactions"."reaction" IN ('like', 'love', 'laugh', 'wow', 'sad', 'celebrate'))
);
--> statement-breakpoint
CREATE TABLE "topic_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"html" text NOT NULL,
	"edited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "description_html" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "description_text" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "description_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topic_reactions" ADD CONSTRAINT "topic_reactions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_reactions" ADD CONSTRAINT "topic_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_revisions" ADD CONSTRAINT "topic_revisions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_reactions_user_id_idx" ON "topic_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topic_revisions_topic_id_version_idx" ON "topic_revisions" USING btree ("topic_id","version");--> statement-breakpoint
CREATE INDEX "topics_unrendered_idx" ON "topics" USING btree ("id") WHERE "topics"."description" IS NOT NULL AND "topics"."description_html" IS NULL;