/** The address of a topic, opened at one of its posts when `postId` is given (`?around=`). */
export function topicHref(topicId: number, postId?: number | null): string {
  return postId == null ? `/topic/${topicId}` : `/topic/${topicId}?around=${postId}`;
}
