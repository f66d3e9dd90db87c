-- Pushes become jobs of the job queue (docs/decisions/052-one-job-queue.md): every push still in
-- push_queue is queued as a push job, due when its row was, with its attempts ahead of it.
SELECT graphile_worker.add_job(
  identifier => 'push',
  payload => CASE WHEN notification_id IS NOT NULL THEN json_build_object('userId', user_id, 'notificationId', notification_id)
    ELSE json_build_object('userId', user_id, 'messageId', message_id) END,
  run_at => available_at,
  max_attempts => 5)
FROM push_queue ORDER BY id;
--> statement-breakpoint
DROP TABLE "push_queue" CASCADE;
