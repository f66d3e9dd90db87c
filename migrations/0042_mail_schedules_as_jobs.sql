-- Away mails and digests move onto the job queue (docs/decisions/052-one-job-queue.md): one
-- mail_schedule job per member (key mail_schedule:<id>). A schedule due at a time becomes its job due
-- then; a member with a wake-up waiting gets their job due now (added last, so it replaces).
SELECT graphile_worker.add_job(identifier => 'mail_schedule', payload => json_build_object('userId', user_id),
  job_key => 'mail_schedule:' || user_id, run_at => due_at)
FROM mail_schedules WHERE due_at IS NOT NULL ORDER BY user_id;
--> statement-breakpoint
SELECT graphile_worker.add_job(identifier => 'mail_schedule', payload => json_build_object('userId', user_id),
  job_key => 'mail_schedule:' || user_id)
FROM (SELECT DISTINCT user_id FROM mail_wakeups) woken ORDER BY user_id;
--> statement-breakpoint
-- The triggers that wrote a wake-up row (and NOTIFY mail_due) queue the member's job, due now.
CREATE OR REPLACE FUNCTION mail_wakeup_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND email_verified AND email_notifications <> 'never' AND deleted_at IS NULL) THEN
    PERFORM graphile_worker.add_job(identifier => 'mail_schedule', payload => json_build_object('userId', NEW.user_id),
      job_key => 'mail_schedule:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mail_wakeup_offline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM mail_schedules WHERE user_id = NEW.id) THEN
    PERFORM graphile_worker.add_job(identifier => 'mail_schedule', payload => json_build_object('userId', NEW.id),
      job_key => 'mail_schedule:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TABLE "mail_wakeups" CASCADE;--> statement-breakpoint
DROP INDEX "mail_schedules_due_at_idx";--> statement-breakpoint
ALTER TABLE "mail_schedules" DROP COLUMN "due_at";
