import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import { Trash2 } from "lucide-react";
import type { Ref } from "react";
import type { Message } from "@shared/types";
import { MarkdownHtml } from "@/components/markdown-html";
import { RoleBadge } from "@/components/role-badge";
import { Button } from "@/components/ui/button";
import { UserAvatar } from "@/components/user-avatar";
import { FlagButton } from "@/components/flag/flag-button";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format-date";

interface MessageItemProps {
  message: Message;
  own: boolean;
  /** The previous message is by the same author: no name or avatar again. */
  continued: boolean;
  onDelete: (message: Message) => void;
  ref?: Ref<HTMLElement>;
}

/** One message as a bubble: the member's own on the right, others' on the left with name and avatar. */
export function MessageItem({ message, own, continued, onDelete, ref }: MessageItemProps) {
  const time = new Date(message.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return (
    <article
      ref={ref}
      data-message-id={message.id}
      aria-label={`Message by ${message.author?.username ?? DELETED_MEMBER_NAME}`}
      className={cn("group flex items-end gap-2", own && "flex-row-reverse", continued ? "mt-1" : "mt-4")}
    >
      {!own &&
        (continued ? (
          <span aria-hidden className="w-8 shrink-0" />
        ) : (
          <UserAvatar username={message.author?.username ?? null} src={message.author?.avatar} size="sm" />
        ))}
      <div className={cn("flex min-w-0 max-w-[85%] flex-col sm:max-w-[70%]", own ? "items-end" : "items-start")}>
        {!own && !continued && (
          <span className="mb-1 flex items-center gap-1.5 px-3 text-xs font-medium text-muted">
            {message.author?.username ?? <span className="italic">{DELETED_MEMBER_NAME}</span>}
            {message.author && <RoleBadge role={message.author.role} compact />}
          </span>
        )}
        <div className="flex max-w-full items-center gap-1">
          {own && !message.deleted && (
            <Button
              variant="ghost"
              size="icon"
              className="size-8 shrink-0 opacity-100 hover:bg-destructive/10 hover:text-destructive-hover sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
              aria-label="Delete message"
              title="Delete"
              onClick={() => onDelete(message)}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
          <div
            className={cn(
              "min-w-0 max-w-full rounded-2xl px-3.5 py-2",
              message.deleted
                ? "border border-dashed border-border bg-transparent text-muted"
                : own
                  ? "rounded-br-md bg-primary/20 text-foreground ring-1 ring-primary/30"
                  : "rounded-bl-md bg-surface-raised text-foreground",
            )}
          >
            {message.deleted ? (
              <p className="text-sm italic">Message deleted</p>
            ) : (
              <MarkdownHtml html={message.html} className="break-words text-sm/6 sm:text-[0.9375rem]/6" />
            )}
          </div>
          {!own && !message.deleted && (
            <FlagButton
              targetType="message"
              targetId={message.id}
              flagged={message.viewerFlagged}
              className="shrink-0 opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100 data-flagged:sm:opacity-100"
            />
          )}
        </div>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="mt-1 px-3 text-[11px] text-muted">
          {time}
        </time>
      </div>
    </article>
  );
}
