-- The outbox becomes jobs of the job queue (docs/decisions/052-one-job-queue.md): every mail still in
-- mail_outbox is queued as a send_mail job, due when its row was, with the Message-ID key it had; a
-- mail given up stays given up (its job failed for good, with its last error), for mail-failed and mail-retry.
SELECT graphile_worker.add_job(
  identifier => 'send_mail',
  payload => json_build_object('sealedMail', sealed_mail, 'messageKey', 'outbox-' || id || '.' || floor(extract(epoch FROM created_at) * 1000)::bigint),
  run_at => next_attempt_at,
  max_attempts => 13)
FROM mail_outbox ORDER BY id;
--> statement-breakpoint
UPDATE graphile_worker._private_jobs j SET attempts = j.max_attempts, last_error = coalesce(o.last_error, 'Given up')
FROM mail_outbox o
WHERE o.failed_at IS NOT NULL AND j.payload ->> 'messageKey' = 'outbox-' || o.id || '.' || floor(extract(epoch FROM o.created_at) * 1000)::bigint;
--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;
