/**
 * The name of every kind of background job (docs/decisions/052-one-job-queue.md): the task the
 * worker runs for it, and how it is told apart in the queue, the logs and /metrics.
 */
export const TASKS = {
  /** One mail of the outbox (server/mail/mail-sender.ts). */
  sendMail: "send_mail",
  /** One push of a notification or message to a member's devices (server/push/push-sender.ts). */
  push: "push",
  /** One batch of a member's deletion (server/commands/member-deletion-job.ts). */
  memberDeletion: "member_deletion",
  /** Looks at one member's unread things for an away mail or a digest (server/mail/scheduler.ts). */
  mailSchedule: "mail_schedule",
  /** Tells a member of a bookmark whose reminder came due (server/commands/bookmark-reminder-job.ts). */
  bookmarkReminder: "bookmark_reminder",
  /** Fetches the link previews of one post's URLs and shows them in it (server/onebox/link-preview-job.ts). */
  linkPreview: "link_preview",
  /** Drops mailed tokens past any use (hourly). */
  pruneMailedTokens: "prune_mailed_tokens",
} as const;
