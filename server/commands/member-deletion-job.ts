import { z } from "zod";
import type { Db } from "../db/client";
import type { JobHandler } from "../jobs/worker";
import type { Logger } from "../logger";
import { runDeletionBatch, type DeletionSettings } from "./delete-user";

const deletionJob = z.object({ deletionId: z.number() });

/**
 * The job that removes one batch of a member's rows (docs/decisions/021-member-deletion-job.md),
 * run by whichever process's worker takes it. The batch's transaction queues the next batch's job
 * while rows are left, so a deletion goes on batch after batch, across processes and restarts; a
 * batch that fails is retried with the job queue's backoff.
 */
export function runMemberDeletion(db: Db, settings: DeletionSettings, logger: Logger): JobHandler {
  return async (payload) => {
    const { deletionId } = deletionJob.parse(payload);
    const outcome = await runDeletionBatch(db, settings, deletionId);
    if (outcome?.finished) logger.info({ jobId: outcome.jobId }, "Member deletion finished");
  };
}
