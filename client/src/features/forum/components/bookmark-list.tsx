import { AlarmClock, BookmarkMinus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Bookmark } from "@shared/types";
import { topicHref } from "@shared/topic-href";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format-date";
import { truncate } from "@/lib/truncate";
import { useRemoveBookmark } from "../api/bookmarks";
import { ReminderDialog } from "./reminder-dialog";

/** How much of a bookmarked post's text the list shows. */
const EXCERPT_LENGTH = 200;

/** Text of a post's rendered HTML, for an excerpt (the server's sanitized HTML, never inserted as HTML here). */
const plainText = (html: string) => new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";

function BookmarkRow({ bookmark }: { bookmark: Bookmark }) {
  const [reminding, setReminding] = useState(false);
  const removeBookmark = useRemoveBookmark();
  const { post, topic } = bookmark;
  const excerpt = post.hidden && post.html === "" ? "This post is hidden." : truncate(plainText(post.html).trim(), EXCERPT_LENGTH);
  return (
    <li className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-6">
      <div className="min-w-0 flex-1 text-sm">
        <Link href={topicHref(topic.id, post.id)} className="font-medium text-foreground [overflow-wrap:anywhere] hover:text-primary-hover">
          {topic.title}
        </Link>
        <p className="mt-0.5 text-xs text-muted">
          @{post.authorUsername} · <RelativeTime timestamp={post.createdAt} />
        </p>
        <p className="mt-1 [overflow-wrap:anywhere] text-foreground">{excerpt}</p>
        {bookmark.remindAt && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-primary-hover">
            <AlarmClock className="size-3.5" aria-hidden />
            Reminder: <time dateTime={bookmark.remindAt}>{formatDateTime(bookmark.remindAt)}</time>
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={() => setReminding(true)} aria-label={`Reminder for the post in ${topic.title}`}>
          <AlarmClock aria-hidden />
          {bookmark.remindAt ? "Change reminder" : "Set reminder"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={removeBookmark.isPending}
          onClick={() => removeBookmark.mutate({ id: post.id, topicId: topic.id })}
          aria-label={`Remove bookmark of the post in ${topic.title}`}
        >
          <BookmarkMinus aria-hidden />
          Remove
        </Button>
      </div>
      {reminding && <ReminderDialog post={{ id: post.id, topicId: topic.id }} remindAt={bookmark.remindAt} open={reminding} onOpenChange={setReminding} />}
    </li>
  );
}

/** The member's bookmarks, newest first: each post's topic, author, excerpt and reminder, with changing the reminder and removing. */
export function BookmarkList({ bookmarks }: { bookmarks: Bookmark[] }) {
  return (
    <ul aria-label="Bookmarks" className="divide-y divide-border">
      {bookmarks.map((bookmark) => (
        <BookmarkRow key={bookmark.id} bookmark={bookmark} />
      ))}
    </ul>
  );
}
