-- Keeps member_blocks exact in the same transaction as every change to users (see
-- server/db/schema/member-blocks.ts): a member's block is id / 1000.
CREATE FUNCTION member_blocks_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_blocks AS b (block, members, admins, posts)
  VALUES (NEW.id / 1000, 1, NEW.is_admin::int, NEW.posts_count)
  ON CONFLICT (block) DO UPDATE
    SET members = b.members + 1, admins = b.admins + EXCLUDED.admins, posts = b.posts + EXCLUDED.posts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_blocks_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_blocks
     SET members = members - 1, admins = admins - OLD.is_admin::int, posts = posts - OLD.posts_count
   WHERE block = OLD.id / 1000;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_blocks_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_blocks
     SET admins = admins + NEW.is_admin::int - OLD.is_admin::int, posts = posts + NEW.posts_count - OLD.posts_count
   WHERE block = OLD.id / 1000;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_blocks_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_blocks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_member_blocks_insert AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION member_blocks_on_insert();
--> statement-breakpoint
CREATE TRIGGER users_member_blocks_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION member_blocks_on_delete();
--> statement-breakpoint
CREATE TRIGGER users_member_blocks_update AFTER UPDATE OF is_admin, posts_count ON users FOR EACH ROW
  WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.posts_count IS DISTINCT FROM NEW.posts_count)
  EXECUTE FUNCTION member_blocks_on_update();
--> statement-breakpoint
CREATE TRIGGER users_member_blocks_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION member_blocks_on_truncate();
--> statement-breakpoint
INSERT INTO member_blocks (block, members, admins, posts)
SELECT id / 1000, count(*), count(*) FILTER (WHERE is_admin), coalesce(sum(posts_count), 0)
  FROM users GROUP BY id / 1000;
