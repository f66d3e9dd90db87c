import { useId, useState } from "react";
import { TOPIC_NOTIFICATION_LEVELS, type TopicNotificationLevel } from "@shared/constants";
import type { TopicDetail } from "@shared/types";
import { cn } from "@/lib/cn";
import { useSetNotificationLevel } from "../api/topic-level";
import { TOPIC_LEVEL_DISPLAY } from "../lib/topic-levels";

/**
 * The member's notification level of the topic: Watching, Tracking or Muted as three radio buttons
 * (arrow keys move between them, like the theme switch), with what the chosen one means.
 */
export function TopicLevelSwitch({ topic }: { topic: TopicDetail }) {
  const name = useId();
  const hintId = useId();
  const setLevel = useSetNotificationLevel(topic.id);
  // The choice shows at once (a radio that waited for the answer would spring back first); the
  // topic's level takes over when the call settles, or stays as it was if it failed.
  const [chosen, setChosen] = useState<TopicNotificationLevel>();
  const level = chosen ?? topic.notificationLevel;
  const choose = (option: TopicNotificationLevel) => {
    setChosen(option);
    setLevel.mutate(option, { onSettled: () => setChosen(undefined) });
  };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <fieldset aria-describedby={hintId} className="inline-flex w-fit max-w-full flex-wrap rounded-control border border-border bg-surface p-0.5">
        <legend className="sr-only">Notifications for this topic</legend>
        {TOPIC_NOTIFICATION_LEVELS.map((option) => {
          const { label, icon: Icon } = TOPIC_LEVEL_DISPLAY[option];
          return (
            <label
              key={option}
              className={cn(
                "relative flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-muted transition-colors hover:text-foreground",
                "has-checked:bg-primary/15 has-checked:text-primary-hover has-focus-visible:outline-2 has-focus-visible:outline-primary",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={level === option}
                onChange={() => choose(option)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-md"
              />
              <Icon className="size-4" aria-hidden />
              <span>{label}</span>
            </label>
          );
        })}
      </fieldset>
      <p id={hintId} className="text-xs text-muted">
        {TOPIC_LEVEL_DISPLAY[level].hint}
      </p>
    </div>
  );
}
