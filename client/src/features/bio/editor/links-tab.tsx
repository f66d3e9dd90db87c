import { CalendarClock, CalendarX, Check, Eye, EyeOff, GripVertical, LoaderCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { BUILT_IN_LINK_ICONS, FALLBACK_LINK_ICON, FILE_FIELD_KINDS, MAX_LINKS_PER_USER, TEXT_LIMITS, type BuiltInLinkIcon, type LinkIconType } from "@shared/constants";
import { LINK_WINDOW_MESSAGE, linkSchedule, linkWindowIssues } from "@shared/policies/link-schedule";
import type { UserLink } from "@shared/types";
import { BuiltInIcon, LinkIcon } from "@/features/bio/card/link-icon";
import { FileUploadField } from "@/components/upload/file-upload-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LengthCounter } from "@/components/ui/length-counter";
import { cn } from "@/lib/cn";
import { useAddLink, useDeleteLink, useReorderLinks, useUpdateLink } from "../api/links";
import { LINK_FIELDS_MISSING } from "../messages";
import { FieldError, Section } from "./controls";
import { fromLocalInput, toLocalInput } from "./schedule-input";

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

function IconPicker({ value, onChange }: { value: BuiltInLinkIcon; onChange: (icon: BuiltInLinkIcon) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">
        Icon <span className="font-normal text-muted">· {value}</span>
      </legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1.5">
        {BUILT_IN_LINK_ICONS.map((icon) => (
          <label key={icon} title={icon} className="relative">
            <input type="radio" name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} aria-label={icon} className="peer sr-only" />
            <span
              aria-hidden
              className={cn(
                "grid aspect-square cursor-pointer place-items-center rounded-control border transition-colors",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary",
                value === icon ? "border-primary bg-primary/15 text-foreground" : "border-border bg-background/60 text-muted hover:border-muted/50 hover:text-foreground",
              )}
            >
              <BuiltInIcon name={icon} className="size-4.5" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface LinkFields {
  title: string;
  url: string;
  iconType: LinkIconType;
  iconName?: BuiltInLinkIcon;
  iconUrl?: string;
  visibleFrom: string | null;
  visibleUntil: string | null;
}

interface LinkFormProps {
  label: string;
  initial?: UserLink;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Resolves once saved; rejects on a failure (which the mutation toasts), the fields then stay. */
  onSubmit: (fields: LinkFields) => Promise<unknown>;
  onCancel?: () => void;
}

const builtInName = (name: string | null | undefined): BuiltInLinkIcon =>
  BUILT_IN_LINK_ICONS.find((icon) => icon === name) ?? FALLBACK_LINK_ICON;

/** Title, URL, icon and schedule of a link: adding one, or editing one in place. */
function LinkForm({ label, initial, submitLabel, pending, disabled, onSubmit, onCancel }: LinkFormProps) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? "");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [iconType, setIconType] = useState<LinkIconType>(initial?.iconType ?? "built-in");
  const [iconName, setIconName] = useState<BuiltInLinkIcon>(builtInName(initial?.iconName));
  const [iconUrl, setIconUrl] = useState<string | null>(initial?.iconUrl ?? null);
  // The window as the inputs show it (local time, to the minute); empty is an open end.
  const [visibleFrom, setVisibleFrom] = useState(toLocalInput(initial?.visibleFrom));
  const [visibleUntil, setVisibleUntil] = useState(toLocalInput(initial?.visibleUntil));
  const schedule = { visibleFrom: fromLocalInput(visibleFrom), visibleUntil: fromLocalInput(visibleUntil) };
  const badWindow = linkWindowIssues(schedule).length > 0;

  // Set by a submit with a blank title or URL; cleared as soon as both are filled in.
  const [checked, setChecked] = useState(false);
  const missingTitle = checked && !title.trim();
  const missingUrl = checked && !url.trim();

  const submit = async () => {
    if (!title.trim() || !url.trim()) {
      setChecked(true);
      return;
    }
    if (badWindow) return;
    try {
      await onSubmit({ title: title.trim(), url: url.trim(), iconType, ...(iconType === "built-in" ? { iconName } : iconUrl ? { iconUrl } : {}), ...schedule });
    } catch {
      return;
    }
    setChecked(false);
    if (!initial) {
      setTitle("");
      setUrl("");
      setIconType("built-in");
      setIconName(FALLBACK_LINK_ICON);
      setIconUrl(null);
      setVisibleFrom("");
      setVisibleUntil("");
    }
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      aria-label={label}
      className="rounded-card border border-border bg-background/40 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            placeholder="My website"
            aria-invalid={missingTitle || undefined}
            aria-describedby={missingTitle || missingUrl ? `${id}-missing` : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
          <LengthCounter length={title.length} max={TEXT_LIMITS.linkTitle} className="self-end text-xs/5 text-muted" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-url`}>URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://..."
            aria-invalid={missingUrl || undefined}
            aria-describedby={missingTitle || missingUrl ? `${id}-missing` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
      </div>
      <FieldError id={`${id}-missing`} message={missingTitle || missingUrl ? LINK_FIELDS_MISSING : undefined} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Icon type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-control border border-border bg-background p-1">
          {(["built-in", "custom"] as const).map((type) => (
            <label key={type} className="relative">
              <input type="radio" name={`${id}-icon-type`} value={type} checked={iconType === type} onChange={() => setIconType(type)} className="peer sr-only" />
              <span
                className={cn(
                  "block cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium transition-colors",
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-primary",
                  iconType === type ? "bg-surface-raised text-foreground shadow-sm" : "text-muted hover:text-foreground",
                )}
              >
                {type === "built-in" ? "Built-in" : "Custom"}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {iconType === "built-in" ? (
        <IconPicker value={iconName} onChange={setIconName} />
      ) : (
        <div className="flex flex-col gap-1">
          <FileUploadField label="Icon image" kind={FILE_FIELD_KINDS.iconUrl} value={iconUrl} onChange={setIconUrl} />
          <p className="text-xs text-muted">A square image; 64x64 is recommended.</p>
        </div>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          Schedule <span className="font-normal text-muted">· optional, in your time zone</span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>Show from</Label>
            <Input id={`${id}-from`} type="datetime-local" value={visibleFrom} onChange={(event) => setVisibleFrom(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-until`}>Show until</Label>
            <Input
              id={`${id}-until`}
              type="datetime-local"
              value={visibleUntil}
              aria-invalid={badWindow || undefined}
              aria-describedby={badWindow ? `${id}-window` : undefined}
              onChange={(event) => setVisibleUntil(event.target.value)}
            />
          </div>
        </div>
        <FieldError id={`${id}-window`} message={badWindow ? LINK_WINDOW_MESSAGE : undefined} />
        <p className="text-xs text-muted">Outside these times the link is left out of your public card. Leave both empty to always show it.</p>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || disabled}>
          {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : initial ? <Check aria-hidden /> : <Plus aria-hidden />}
          {pending ? (initial ? "Saving..." : "Adding...") : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
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
