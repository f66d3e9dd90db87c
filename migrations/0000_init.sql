CREATE TABLE "bio_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"display_name" varchar(100),
	"bio_text" varchar(500),
	"bio_avatar" text,
	"bio_banner" text,
	"banner_blur" integer DEFAULT 0 NOT NULL,
	"background_image" text,
	"background_image_blur" integer DEFAULT 0 NOT NULL,
	"location" varchar(100),
	"website" varchar(200),
	"twitter" varchar(50),
	"github" varchar(50),
	"discord" varchar(50),
	"telegram" varchar(50),
	"instagram" varchar(50),
	"linkedin" varchar(50),
	"youtube" varchar(50),
	"primary_color" varchar(7) DEFAULT '#ffffff' NOT NULL,
	"secondary_color" varchar(7) DEFAULT '#a1a1aa' NOT NULL,
	"box_color" varchar(7) DEFAULT '#000000' NOT NULL,
	"border_color" varchar(7) DEFAULT '#404040' NOT NULL,
	"box_shadow_color" varchar(7) DEFAULT '#000000' NOT NULL,
	"theme_color" varchar(7) DEFAULT '#6366f1' NOT NULL,
	"box_width" integer DEFAULT 500 NOT NULL,
	"box_inner_spacing" integer DEFAULT 40 NOT NULL,
	"box_opacity" integer DEFAULT 80 NOT NULL,
	"box_radius" integer DEFAULT 0 NOT NULL,
	"box_blur" integer DEFAULT 10 NOT NULL,
	"box_shadow_opacity" integer DEFAULT 30 NOT NULL,
	"border_width" integer DEFAULT 1 NOT NULL,
	"border_opacity" integer DEFAULT 20 NOT NULL,
	"background_style" varchar(20) DEFAULT 'gradient' NOT NULL,
	"card_style" varchar(20) DEFAULT 'glass' NOT NULL,
	"show_badges" boolean DEFAULT true NOT NULL,
	"show_stats" boolean DEFAULT true NOT NULL,
	"show_online_status" boolean DEFAULT true NOT NULL,
	"show_uid" boolean DEFAULT false NOT NULL,
	"show_views" boolean DEFAULT true NOT NULL,
	"show_avatar" boolean DEFAULT true NOT NULL,
	"visible_badges" jsonb,
	"views_count" integer DEFAULT 0 NOT NULL,
	"enter_animation" varchar(40) DEFAULT 'none' NOT NULL,
	"enable_reveal_screen" boolean DEFAULT false NOT NULL,
	"reveal_screen_text" varchar(50) DEFAULT 'Reveal Profile' NOT NULL,
	"track_cover" text,
	"track_audio" text,
	"track_url" varchar(2000),
	"track_name" varchar(200),
	"use_theme_color_for_icons" boolean DEFAULT false NOT NULL,
	"username_sparkles" varchar(20) DEFAULT 'none' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bio_cards_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"created_by" integer,
	"used_by" integer,
	"assigned_to" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "invites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"topic_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_content_length" CHECK (char_length("posts"."content") BETWEEN 1 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "profile_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_user_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"created_by" integer NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" varchar(100) NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" varchar(20),
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"badge_type" varchar(50) NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_badge_unique" UNIQUE("user_id","badge_type")
);
--> statement-breakpoint
CREATE TABLE "user_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"icon_type" varchar(20) DEFAULT 'custom' NOT NULL,
	"icon_name" varchar(50),
	"icon_url" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"password" text NOT NULL,
	"email" varchar(254),
	"avatar" text,
	"bio" varchar(500),
	"website" varchar(200),
	"twitter" varchar(50),
	"github" varchar(50),
	"discord" varchar(50),
	"telegram" varchar(50),
	"location" varchar(100),
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"ban_reason" varchar(500),
	"ban_expires_at" timestamp with time zone,
	"banned_by" integer,
	"invited_by" integer,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"is_online" boolean DEFAULT false NOT NULL,
	"has_bio" boolean DEFAULT false NOT NULL,
	"failed_login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bio_cards" ADD CONSTRAINT "bio_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_comments" ADD CONSTRAINT "profile_comments_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_comments" ADD CONSTRAINT "profile_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_created_at_idx" ON "invites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invites_assigned_to_idx" ON "invites" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "invites_used_by_idx" ON "invites" USING btree ("used_by");--> statement-breakpoint
CREATE INDEX "invites_created_by_idx" ON "invites" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "posts_topic_id_id_idx" ON "posts" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "posts_author_id_created_at_idx" ON "posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_comments_profile_created_at_idx" ON "profile_comments" USING btree ("profile_user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_comments_author_created_at_idx" ON "profile_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ((("sess" -> 'passport' ->> 'user')));--> statement-breakpoint
CREATE INDEX "topics_list_order_idx" ON "topics" USING btree ("is_pinned" DESC,coalesce("last_post_at", "created_at") DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "topics_created_by_created_at_idx" ON "topics" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_id_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "user_links_user_order_idx" ON "user_links" USING btree ("user_id","display_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_invited_by_idx" ON "users" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";