import { useTypists } from "../api/live-topic";

/** "alice is typing…" under a topic's posts while others write a reply (announced politely to screen readers). */
export function TypingIndicator({ topicId }: { topicId: number }) {
  const typists = useTypists(topicId);
  return (
    <p aria-live="polite" className="min-h-5 px-1 text-sm text-muted">
      {typingText(typists)}
    </p>
  );
}

export function typingText(typists: string[]): string {
  if (typists.length === 0) return "";
  if (typists.length === 1) return `${typists[0]} is typing…`;
  if (typists.length === 2) return `${typists[0]} and ${typists[1]} are typing…`;
  return `${typists.length} people are typing…`;
}
