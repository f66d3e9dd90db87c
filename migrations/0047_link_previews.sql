CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"site_name" text,
	"image_upload_id" integer,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "link_previews" ADD CONSTRAINT "link_previews_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_previews_fetched_at_idx" ON "link_previews" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "link_previews_image_upload_id_idx" ON "link_previews" USING btree ("image_upload_id");
--> statement-breakpoint
-- A post whose html shows a link preview's image keeps that file in use (content_uploads), as long
-- as the html shows it: added on insert and on every change of html, after the content trigger
-- (posts_content_uploads_update, which runs first by name) has redone the post's own uploads.
CREATE FUNCTION preview_uploads_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH used AS (
    UPDATE uploads SET unreferenced_since = NULL
     WHERE kind = 'linkPreview'
       AND filename IN (SELECT match[1] FROM regexp_matches(coalesce(NEW.html, ''), '/uploads/([0-9a-f]{32}\.[a-z0-9]+)', 'g') AS match)
    RETURNING id
  )
  INSERT INTO content_uploads (upload_id, post_id) SELECT id, NEW.id FROM used ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_preview_uploads AFTER INSERT OR UPDATE OF html ON posts FOR EACH ROW
  WHEN (NEW.html IS NOT NULL AND NEW.html LIKE '%class="onebox-image"%')
  EXECUTE FUNCTION preview_uploads_of_post();
