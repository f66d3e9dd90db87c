-- Member deletions go on in batch jobs of the job queue (docs/decisions/052-one-job-queue.md): every
-- unfinished deletion gets its next batch's job; runners no longer look for unfinished rows.
SELECT graphile_worker.add_job(identifier => 'member_deletion', payload => json_build_object('deletionId', id), job_key => 'member_deletion:' || id)
FROM member_deletions WHERE finished_at IS NULL ORDER BY id;
--> statement-breakpoint
DROP INDEX "member_deletions_unfinished_idx";
