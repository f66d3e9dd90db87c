CREATE TABLE "bio_card_views" (
	"card_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bio_card_views_card_id_viewer_key_pk" PRIMARY KEY("card_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "bio_card_views" ADD CONSTRAINT "bio_card_views_card_id_bio_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bio_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bio_card_views_viewed_at_idx" ON "bio_card_views" USING btree ("viewed_at");