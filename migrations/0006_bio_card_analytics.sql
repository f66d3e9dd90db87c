CREATE TABLE "bio_card_daily_views" (
	"card_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bio_card_daily_views_card_id_day_pk" PRIMARY KEY("card_id","day")
);
--> statement-breakpoint
CREATE TABLE "bio_card_visitors" (
	"card_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bio_card_visitors_card_id_link_id_visitor_key_pk" PRIMARY KEY("card_id","link_id","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "bio_link_daily_clicks" (
	"card_id" integer NOT NULL,
	"day" date NOT NULL,
	"link_id" integer NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bio_link_daily_clicks_card_id_day_link_id_pk" PRIMARY KEY("card_id","day","link_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
DROP TABLE "bio_card_views" CASCADE;--> statement-breakpoint
ALTER TABLE "bio_card_daily_views" ADD CONSTRAINT "bio_card_daily_views_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_card_visitors" ADD CONSTRAINT "bio_card_visitors_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_link_daily_clicks" ADD CONSTRAINT "bio_link_daily_clicks_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bio_card_visitors_counted_at_idx" ON "bio_card_visitors" USING btree ("counted_at");