/** The address of a topic, or the permalink of one of its posts (`?post=`), which opens the topic at it. */
export function topicHref(topicId: number, postId?: number | null): string {
  return postId == null ? `/topic/${topicId}` : `/topic/${topicId}?post=${postId}`;
}
