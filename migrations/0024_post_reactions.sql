CREATE TABLE "post_reactions" (
	"post_id" integer NOT NULL,
	"reaction" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reactions_post_id_reaction_user_id_pk" PRIMARY KEY("post_id","reaction","user_id"),
	CONSTRAINT "post_reactions_reaction" CHECK ("post_reactions"."reaction" IN ('like', 'love', 'laugh', 'wow', 'sad', 'celebrate'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "counted_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_reactions_user_id_idx" ON "post_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_reaction_idx" ON "notifications" USING btree ("user_id","post_id") WHERE "notifications"."type" = 'reaction' AND "notifications"."read_at" IS NULL;