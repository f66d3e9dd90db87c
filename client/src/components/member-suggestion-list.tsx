import type { MemberSearchResult } from "@shared/types";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/cn";

interface MemberSuggestionListProps {
  /** The listbox's id, named by the box's aria-controls; each option's is `{id}-{index}` (aria-activedescendant). */
  id: string;
  members: MemberSearchResult[];
  /** The option the arrow keys are on. */
  current: number;
  onChoose: (member: MemberSearchResult) => void;
  onHover: (index: number) => void;
  className?: string;
}

/** The members suggested under a box that searches them by name (`@` mentions, the member picker). */
export function MemberSuggestionList({ id, members, current, onChoose, onHover, className }: MemberSuggestionListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Members"
      className={cn("absolute left-0 top-full z-30 mt-1 overflow-hidden rounded-control border border-border bg-surface-raised py-1 shadow-lg", className)}
    >
      {members.map((member, index) => (
        <li
          key={member.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === current}
          // Chosen on mouse down, before the box loses focus and closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(member);
          }}
          onMouseMove={() => onHover(index)}
          className={cn("flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm", index === current && "bg-primary/20 text-foreground")}
        >
          <UserAvatar username={member.username} src={member.avatar} size="xs" />
          <span className="truncate">{member.username}</span>
        </li>
      ))}
    </ul>
  );
}
