DROP INDEX "invites_assigned_to_idx";--> statement-breakpoint
DROP INDEX "profile_comments_profile_created_at_idx";--> statement-breakpoint
CREATE INDEX "invites_assigned_to_created_at_idx" ON "invites" USING btree ("assigned_to","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_comments_profile_id_idx" ON "profile_comments" USING btree ("profile_user_id","id");