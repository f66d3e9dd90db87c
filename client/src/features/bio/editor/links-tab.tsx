import { CalendarClock, CalendarX, Eye, EyeOff, GripVertical, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { MAX_LINKS_PER_USER } from "@shared/constants";
import { linkSchedule } from "@shared/policies/link-schedule";
import type { UserLink } from "@shared/types";
import { LinkIcon } from "@/features/bio/card/link-icon";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useAddLink, useDeleteLink, useReorderLinks, useUpdateLink } from "../api/links";
import { Section } from "./controls";
import { LinkForm } from "./link-form";

/** "Scheduled" before a link's window, "Expired" after it: either way the public card leaves it out. */
function ScheduleMark({ link }: { link: UserLink }) {
  const schedule = linkSchedule(link);
  if (schedule === "live") return null;
  const scheduled = schedule === "scheduled";
  const when = new Date((scheduled ? link.visibleFrom : link.visibleUntil)!).toLocaleString();
  const Icon = scheduled ? CalendarClock : CalendarX;
  return (
    <span
      data-testid="bio-link-schedule"
      title={scheduled ? `Shown from ${when}` : `Ended ${when}`}
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full px-1.5 py-0.5 text-[0.6875rem]",
        scheduled ? "bg-primary/15 text-foreground" : "bg-surface-raised text-muted",
      )}
    >
      <Icon className="size-3" aria-hidden />
      {scheduled ? "Scheduled" : "Expired"}
      <span className="sr-only">{scheduled ? `, shown from ${when}` : `, ended ${when}`}</span>
    </span>
  );
}

interface LinkRowProps {
  link: UserLink;
  position: number;
  count: number;
  onMove: (link: UserLink, to: number) => void;
  dragging: boolean;
  dragHandlers: DragHandlers;
}

function LinkRow({ link, position, count, onMove, dragging, dragHandlers }: LinkRowProps) {
  const remove = useDeleteLink();
  const update = useUpdateLink();
  const [editing, setEditing] = useState(false);
  const handle = useRef<HTMLButtonElement | null>(null);

  // Arrow keys move the link one place (Home/End to either end); the handle keeps the focus.
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowUp: position - 1, ArrowDown: position + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to >= 0 && to < count && to !== position) onMove(link, to);
    requestAnimationFrame(() => handle.current?.focus());
  };

  return (
    <li
      data-testid="bio-link-row"
      data-hidden={link.isVisible ? undefined : ""}
      onDragOver={(event) => dragHandlers.onDragOver(event, position)}
      onDrop={dragHandlers.onDrop}
      className={cn(
        "rounded-control border border-border bg-background/60 transition-opacity",
        !link.isVisible && !editing && "opacity-55",
        dragging && "border-primary/60 opacity-40",
      )}
    >
      <div className="flex items-center gap-2 px-2 py-2.5 sm:gap-3 sm:px-3">
        <button
          ref={handle}
          type="button"
          draggable
          onDragStart={(event) => dragHandlers.onDragStart(event, link)}
          onDragEnd={dragHandlers.onDragEnd}
          onKeyDown={onHandleKey}
          aria-label={`Reorder ${link.title}`}
          aria-describedby="bio-link-reorder-help"
          className="grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing"
        >
          <GripVertical className="size-4.5" aria-hidden />
        </button>
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-raised text-foreground">
          <LinkIcon link={link} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate text-sm font-medium">{link.title}</span>
            {!link.isVisible && (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-raised px-1.5 py-0.5 text-[0.6875rem] text-muted">
                <EyeOff className="size-3" aria-hidden />
                Hidden
              </span>
            )}
            <ScheduleMark link={link} />
          </span>
          <span className="block truncate text-xs text-muted">{link.url}</span>
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={link.isVisible ? `Hide link ${link.title}` : `Show link ${link.title}`}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: link.id, changes: { isVisible: !link.isVisible } })}
        >
          {link.isVisible ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label={`Edit link ${link.title}`} aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 hover:bg-destructive/10 hover:text-destructive-hover"
          aria-label={`Delete link ${link.title}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(link.id)}
        >
          {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        </Button>
      </div>
      {editing && (
        <div className="border-t border-border p-3">
          <LinkForm
            label={`Edit link ${link.title}`}
            initial={link}
            submitLabel="Save Link"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(fields) => update.mutateAsync({ id: link.id, changes: fields }).then(() => setEditing(false))}
          />
        </div>
      )}
    </li>
  );
}

interface DragHandlers {
  onDragStart: (event: DragEvent, link: UserLink) => void;
  onDragOver: (event: DragEvent, position: number) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/**
 * The member's links, saved on the server at once (independent of Save Changes): added, edited in
 * place, shown or hidden (hidden ones stay here, dimmed, and leave the public card), scheduled
 * (marked Scheduled or Expired outside their window, when the card leaves them out) and reordered by
 * dragging the handle or with the arrow keys on it; the preview follows each change.
 */
export function LinksTab({ links }: { links: UserLink[] }) {
  const saved = [...links].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
  // The order just asked for, shown at once (a second arrow key press may come before the cache updates).
  const [asked, setAsked] = useState<number[] | null>(null);
  const ordered = asked ? asked.map((id) => saved.find((link) => link.id === id)).filter((link) => link !== undefined) : saved;
  const add = useAddLink();
  const reorderMutation = useReorderLinks();
  const reorder = {
    mutate: (ids: number[]) => {
      setAsked(ids);
      reorderMutation.mutate(ids, { onSettled: () => setAsked((current) => (current === ids ? null : current)) });
    },
  };
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<{ id: number; order: number[] } | null>(null);

  const move = (ids: number[], id: number, to: number) => {
    const next = ids.filter((existing) => existing !== id);
    next.splice(to, 0, id);
    return next;
  };
  const onMove = (link: UserLink, to: number) => {
    reorder.mutate(move(ordered.map((existing) => existing.id), link.id, to));
    setAnnouncement(`${link.title} moved to position ${to + 1} of ${ordered.length}`);
  };

  // While dragging, the list shows the order under the pointer; dropping saves it.
  const shown = dragged ? dragged.order.map((id) => ordered.find((link) => link.id === id)!).filter(Boolean) : ordered;
  const dragHandlers: DragHandlers = {
    onDragStart: (event, link) => {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", link.title);
      setDragged({ id: link.id, order: ordered.map((existing) => existing.id) });
    },
    onDragOver: (event, position) => {
      if (!dragged) return;
      event.preventDefault();
      if (dragged.order.indexOf(dragged.id) !== position) setDragged({ ...dragged, order: move(dragged.order, dragged.id, position) });
    },
    onDrop: (event) => {
      event.preventDefault();
      if (!dragged) return;
      const moved = ordered.find((link) => link.id === dragged.id);
      if (moved && dragged.order.join() !== ordered.map((link) => link.id).join()) {
        reorder.mutate(dragged.order);
        setAnnouncement(`${moved.title} moved to position ${dragged.order.indexOf(moved.id) + 1} of ${ordered.length}`);
      }
      setDragged(null);
    },
    onDragEnd: () => setDragged(null),
  };

  return (
    <div className="flex flex-col gap-8">
      <Section title="Your links" description="Links are saved as soon as you add, change or delete them.">
        {ordered.length === 0 ? (
          <p className="rounded-control border border-dashed border-border px-3 py-4 text-center text-sm text-muted">No links yet. Add your first one below.</p>
        ) : (
          <>
            <p id="bio-link-reorder-help" className="text-xs text-muted">
              Drag a link by its handle, or focus the handle and use the arrow keys, to change the order.
            </p>
            <ul aria-label="Your links" className="flex flex-col gap-2">
              {shown.map((link, position) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  position={position}
                  count={shown.length}
                  onMove={onMove}
                  dragging={dragged?.id === link.id}
                  dragHandlers={dragHandlers}
                />
              ))}
            </ul>
          </>
        )}
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </Section>
      <Section title="Add a link">
        <LinkForm
          label="Add link"
          submitLabel="Add Link"
          pending={add.isPending}
          disabled={links.length >= MAX_LINKS_PER_USER}
          onSubmit={(fields) => add.mutateAsync({ ...fields, displayOrder: links.length, isVisible: true })}
        />
        {links.length >= MAX_LINKS_PER_USER && <p className="text-xs text-muted">You can have at most {MAX_LINKS_PER_USER} links.</p>}
      </Section>
    </div>
  );
}
