import { EyeOff, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BUILT_IN_LINK_ICONS, FALLBACK_LINK_ICON, MAX_LINKS_PER_USER, TEXT_LIMITS, type BuiltInLinkIcon, type LinkIconType } from "@shared/constants";
import type { UserLink } from "@shared/types";
import { BuiltInIcon, LinkIcon } from "@/features/bio/card/link-icon";
import { FileUploadField } from "@/components/upload/file-upload-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useAddLink, useDeleteLink } from "../api/links";
import { LINK_FIELDS_MISSING } from "../messages";
import { Section } from "./controls";

function LinkRow({ link, username }: { link: UserLink; username: string }) {
  const remove = useDeleteLink(username);
  return (
    <li data-testid="bio-link-row" className="flex items-center gap-3 rounded-control border border-border bg-background/60 px-3 py-2.5">
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
        </span>
        <span className="block truncate text-xs text-muted">{link.url}</span>
      </span>
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

function AddLinkForm({ username, count }: { username: string; count: number }) {
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [iconType, setIconType] = useState<LinkIconType>("built-in");
  const [iconName, setIconName] = useState<BuiltInLinkIcon>(FALLBACK_LINK_ICON);
  const [iconUrl, setIconUrl] = useState<string | null>(null);
  const add = useAddLink(username, {
    onSuccess: () => {
      setTitle("");
      setUrl("");
      setIconType("built-in");
      setIconName(FALLBACK_LINK_ICON);
      setIconUrl(null);
    },
  });
  const full = count >= MAX_LINKS_PER_USER;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !url.trim()) {
      toast({ variant: "destructive", title: LINK_FIELDS_MISSING });
      return;
    }
    add.mutate({
      title: title.trim(),
      url: url.trim(),
      iconType,
      ...(iconType === "built-in" ? { iconName } : iconUrl ? { iconUrl } : {}),
      displayOrder: count,
      isVisible: true,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Add link" className="flex flex-col gap-4 rounded-card border border-border bg-background/40 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="bio-link-title">Title</Label>
          <Input id="bio-link-title" value={title} maxLength={TEXT_LIMITS.linkTitle} placeholder="My website" onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="bio-link-url">URL</Label>
          <Input id="bio-link-url" type="url" inputMode="url" value={url} placeholder="https://..." onChange={(event) => setUrl(event.target.value)} />
        </div>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Icon type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-control border border-border bg-background p-1">
          {(["built-in", "custom"] as const).map((type) => (
            <label key={type} className="relative">
              <input type="radio" name="bio-link-icon-type" value={type} checked={iconType === type} onChange={() => setIconType(type)} className="peer sr-only" />
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
          <FileUploadField label="Icon image" kind="linkIcon" value={iconUrl} onChange={setIconUrl} />
          <p className="text-xs text-muted">A square image; 64x64 is recommended.</p>
        </div>
      )}

      <Button type="submit" disabled={add.isPending || full} className="self-start">
        {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
        {add.isPending ? "Adding..." : "Add Link"}
      </Button>
      {full && <p className="text-xs text-muted">You can have at most {MAX_LINKS_PER_USER} links.</p>}
    </form>
  );
}

/** The member's links, added and deleted on the server at once (independent of Save Changes). */
export function LinksTab({ links, username }: { links: UserLink[]; username: string }) {
  const ordered = [...links].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
  return (
    <div className="flex flex-col gap-8">
      <Section title="Your links" description="Links are saved as soon as you add or delete them.">
        {ordered.length === 0 ? (
          <p className="rounded-control border border-dashed border-border px-3 py-4 text-center text-sm text-muted">No links yet. Add your first one below.</p>
        ) : (
          <ul aria-label="Your links" className="flex flex-col gap-2">
            {ordered.map((link) => (
              <LinkRow key={link.id} link={link} username={username} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Add a link">
        <AddLinkForm username={username} count={links.length} />
      </Section>
    </div>
  );
}
