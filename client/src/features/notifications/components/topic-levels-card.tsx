import { Link } from "wouter";
import type { TopicLevelItem } from "@shared/types";
import { TOPIC_NOTIFICATION_LEVELS, type TopicNotificationLevel } from "@shared/constants";
import { topicHref } from "@shared/topic-href";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useSetNotificationLevel, useTopicLevels } from "../api/topic-level";
import { TOPIC_LEVEL_DISPLAY } from "../lib/topic-levels";

/** One watched or muted topic, its level changeable in place (Tracking takes it off the list). */
function TopicLevelRow({ item }: { item: TopicLevelItem }) {
  const setLevel = useSetNotificationLevel(item.topicId);
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <Link href={topicHref(item.topicId)} className="line-clamp-2 min-w-0 flex-1 text-sm font-medium text-foreground [overflow-wrap:anywhere] hover:text-primary-hover">
        {item.title}
      </Link>
      <Select
        aria-label={`Notifications for ${item.title}`}
        value={item.level}
        disabled={setLevel.isPending}
        onChange={(event) => setLevel.mutate(event.target.value as TopicNotificationLevel)}
        className="w-32 shrink-0 sm:w-36"
      >
        {TOPIC_NOTIFICATION_LEVELS.map((level) => (
          <option key={level} value={level}>
            {TOPIC_LEVEL_DISPLAY[level].label}
          </option>
        ))}
      </Select>
    </li>
  );
}

/** The topics the member watches or mutes, with their level, a page at a time. */
export function TopicLevelsCard() {
  const levels = useTopicLevels();
  const items = levels.data?.pages.flatMap((page) => page.topics) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Watched and muted topics</CardTitle>
        <CardDescription>Watching tells you of every new post; muted topics tell you only of mentions. Set a topic back to Tracking to take it off this list.</CardDescription>
      </CardHeader>
      <CardContent>
        {levels.isPending ? (
          <Spinner className="py-6" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">You are not watching or muting any topic. Choose Watching or Muted on a topic's page.</p>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <TopicLevelRow key={item.topicId} item={item} />
            ))}
          </ul>
        )}
        {levels.hasNextPage && (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void levels.fetchNextPage()} disabled={levels.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
