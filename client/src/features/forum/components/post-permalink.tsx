import { Link } from "wouter";
import { CopyButton } from "@/components/copy-button";
import { topicHref } from "@shared/topic-href";

interface PostPermalinkProps {
  topicId: number;
  postId: number;
  /** The post's number in the topic (undefined when it cannot be known: a bare '#'). */
  number?: number;
}

/** A post's permalink (/topic/{id}?post={postId}): a button that copies it and the post's `#N`, which opens it. */
export function PostPermalink({ topicId, postId, number }: PostPermalinkProps) {
  const href = topicHref(topicId, postId);
  const name = number === undefined ? "this post" : `post #${number}`;
  return (
    <>
      <CopyButton text={`${window.location.origin}${href}`} label={`Copy link to ${name}`} copiedMessage={`The link to ${name} is on the clipboard.`} />
      <Link href={href} className="ml-1 rounded-control px-1 text-sm/6 font-medium text-muted tabular-nums hover:text-foreground">
        {number === undefined ? "#" : `#${number}`}
      </Link>
    </>
  );
}
