import { Fragment, useMemo } from "react";
import { Link } from "wouter";
import { splitMentions } from "@shared/mentions";
import { cn } from "@/lib/cn";
import { splitLinks } from "@/lib/linkify";

const NO_MENTIONS: string[] = [];
const linkClass = "text-primary-hover underline underline-offset-2 transition-colors hover:text-foreground";

/** Plain text in which `@username` of a member in `members` (lower-cased → spelling) links to the profile. */
function MentionedText({ text, members }: { text: string; members: ReadonlyMap<string, string> }) {
  if (members.size === 0) return <span>{text}</span>;
  return (
    <span>
      {splitMentions(text).map((part, index) => {
        const username = part.mention === undefined ? undefined : members.get(part.mention.toLowerCase());
        return username === undefined ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <Link key={index} href={`/user/${encodeURIComponent(username)}`} className="font-medium text-primary-hover transition-colors hover:text-foreground">
            {part.text}
          </Link>
        );
      })}
    </span>
  );
}

/**
 * Member-written text shown as plain text: line breaks kept, http(s) addresses as links that open
 * in a new tab, and `@username` of the members in `mentions` (as the server found them) as links to
 * their profiles. Every character reaches the page as text, never as markup.
 */
export function LinkifiedText({ text, mentions = NO_MENTIONS, className }: { text: string; mentions?: string[]; className?: string }) {
  const segments = useMemo(() => splitLinks(text), [text]);
  const members = useMemo(() => new Map(mentions.map((username) => [username.toLowerCase(), username])), [mentions]);
  return (
    <div className={cn("whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {segments.map((segment, index) =>
        segment.type === "link" ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
            {segment.text}
          </a>
        ) : (
          <MentionedText key={index} text={segment.text} members={members} />
        ),
      )}
    </div>
  );
}
