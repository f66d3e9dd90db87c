-- Keeps content_uploads exact in the same transaction as every write of a post or profile comment
-- (see server/db/schema/content-uploads.ts): the author's own uploads its text names by URL are in
-- use, and marked so at once, so the orphan sweep cannot take them in between.
CREATE FUNCTION content_uploads_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM content_uploads WHERE post_id = NEW.id;
  END IF;
  WITH used AS (
    UPDATE uploads SET unreferenced_since = NULL
     WHERE owner_id = NEW.author_id
       AND filename IN (SELECT match[1] FROM regexp_matches(NEW.content, '/uploads/([0-9a-f]{32}\.[a-z0-9]+)', 'g') AS match)
    RETURNING id
  )
  INSERT INTO content_uploads (upload_id, post_id) SELECT id, NEW.id FROM used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_uploads_of_profile_comment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH used AS (
    UPDATE uploads SET unreferenced_since = NULL
     WHERE owner_id = NEW.author_id
       AND filename IN (SELECT match[1] FROM regexp_matches(NEW.content, '/uploads/([0-9a-f]{32}\.[a-z0-9]+)', 'g') AS match)
    RETURNING id
  )
  INSERT INTO content_uploads (upload_id, profile_comment_id) SELECT id, NEW.id FROM used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_content_uploads_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION content_uploads_of_post();
--> statement-breakpoint
CREATE TRIGGER posts_content_uploads_update AFTER UPDATE OF content ON posts FOR EACH ROW
  WHEN (OLD.content IS DISTINCT FROM NEW.content)
  EXECUTE FUNCTION content_uploads_of_post();
--> statement-breakpoint
CREATE TRIGGER profile_comments_content_uploads_insert AFTER INSERT ON profile_comments FOR EACH ROW EXECUTE FUNCTION content_uploads_of_profile_comment();
