CREATE TABLE "bio_card_daily_referrers" (
	"card_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" varchar(253) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bio_card_daily_referrers_card_id_day_source_pk" PRIMARY KEY("card_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "bio_card_day_visitors" (
	"card_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "bio_card_day_visitors_card_id_day_visitor_key_pk" PRIMARY KEY("card_id","day","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "bio_card_daily_views" ADD COLUMN "unique_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bio_card_daily_views" ADD COLUMN "mobile_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bio_card_daily_views" ADD COLUMN "desktop_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_links" ADD COLUMN "visible_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bio_card_daily_referrers" ADD CONSTRAINT "bio_card_daily_referrers_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_card_day_visitors" ADD CONSTRAINT "bio_card_day_visitors_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_window" CHECK ("user_links"."visible_until" > "user_links"."visible_from");