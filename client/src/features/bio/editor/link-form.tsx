import { zodResolver } from "@hookform/resolvers/zod";
import { Check, LoaderCircle, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { BUILT_IN_LINK_ICONS, FALLBACK_LINK_ICON, FILE_FIELD_KINDS, TEXT_LIMITS, type BuiltInLinkIcon, type LinkIconType } from "@shared/constants";
import { LINK_WINDOW_MESSAGE, linkWindowIssues } from "@shared/policies/link-schedule";
import { linkFormSchema, type LinkFormData, type LinkFormInput } from "@shared/schemas/bio";
import type { UserLink } from "@shared/types";
import { BuiltInIcon } from "@/features/bio/card/link-icon";
import { FileUploadField } from "@/components/upload/file-upload-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LengthCounter } from "@/components/ui/length-counter";
import { cn } from "@/lib/cn";
import { linkFieldIssues } from "../api/links";
import { FieldError } from "./controls";
import { fromLocalInput, toLocalInput } from "./schedule-input";

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

/** What the form sends: the link's fields as the API takes them (the window as ISO instants, null for an open end). */
export interface LinkFields {
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
  /**
   * Resolves once saved; rejects on a failure, the fields then stay: a refusal of the title or URL is
   * said under it, anything else the mutation toasts.
   */
  onSubmit: (fields: LinkFields) => Promise<unknown>;
  onCancel?: () => void;
}

const builtInName = (name: string | null | undefined): BuiltInLinkIcon =>
  BUILT_IN_LINK_ICONS.find((icon) => icon === name) ?? FALLBACK_LINK_ICON;

/** The window as the API takes it: ISO instants from the inputs' local times, null for an open end. */
const windowOf = (form: Pick<LinkFormInput, "visibleFrom" | "visibleUntil">) => ({
  visibleFrom: fromLocalInput(form.visibleFrom),
  visibleUntil: fromLocalInput(form.visibleUntil),
});

// The shared form's rules, and the window's one rule on the times the inputs mean.
const schema = linkFormSchema.superRefine((form, ctx) => {
  for (const { message } of linkWindowIssues(windowOf(form))) ctx.addIssue({ code: "custom", path: ["visibleUntil"], message });
});

/** The inputs' values for a link (or a new one): the window in local time, to the minute. */
const valuesOf = (initial?: UserLink): LinkFormInput => ({
  title: initial?.title ?? "",
  url: initial?.url ?? "",
  iconType: initial?.iconType ?? "built-in",
  iconName: builtInName(initial?.iconName),
  iconUrl: initial?.iconUrl ?? null,
  visibleFrom: toLocalInput(initial?.visibleFrom),
  visibleUntil: toLocalInput(initial?.visibleUntil),
});

/**
 * Title, URL, icon and schedule of a link: adding one, or editing one in place. A blank title or URL
 * is said once under both after a try; a window that ends before it starts is said as soon as both
 * ends are set. Both keep the link from being sent. The server's refusal of the title or the URL
 * (a URL's form, a title too long) is said under that field.
 */
export function LinkForm({ label, initial, submitLabel, pending, disabled, onSubmit, onCancel }: LinkFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<LinkFormInput, unknown, LinkFormData>({ resolver: zodResolver(schema), defaultValues: valuesOf(initial) });
  // Add or Save waits for the icon being uploaded: sent meanwhile, the link would go without it.
  const [iconUploading, setIconUploading] = useState(false);
  const [title, iconType, iconName, iconUrl, visibleFrom, visibleUntil] = watch(["title", "iconType", "iconName", "iconUrl", "visibleFrom", "visibleUntil"]);
  // Said at once, not only after a try.
  const badWindow = linkWindowIssues(windowOf({ visibleFrom, visibleUntil })).length > 0;
  // The form's own rule (blank) is said once under both fields; the server's refusals under their own.
  const missing = [errors.title, errors.url].find((error) => error && error.type !== "server")?.message;
  const refusedTitle = errors.title?.type === "server" ? errors.title.message : undefined;
  const refusedUrl = errors.url?.type === "server" ? errors.url.message : undefined;
  const describedBy = (refused: string | undefined, refusedId: string) => [refused && refusedId, missing && `${id}-missing`].filter(Boolean).join(" ") || undefined;

  const submit = handleSubmit(async (link) => {
    try {
      await onSubmit({
        title: link.title,
        url: link.url,
        iconType: link.iconType,
        ...(link.iconType === "built-in" ? { iconName: link.iconName } : link.iconUrl ? { iconUrl: link.iconUrl } : {}),
        ...windowOf(link),
      });
    } catch (error) {
      for (const issue of linkFieldIssues(error)) setError(issue.path, { type: "server", message: issue.message });
      return;
    }
    // A new link's form empties for the next one; an edited one closes.
    if (!initial) reset(valuesOf());
  });

  return (
    <Form onSubmit={submit} aria-label={label} className="rounded-card border border-border bg-background/40 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            placeholder="My website"
            aria-invalid={Boolean(errors.title) || undefined}
            aria-describedby={describedBy(refusedTitle, `${id}-title-refused`)}
            {...register("title")}
          />
          <FieldError id={`${id}-title-refused`} message={refusedTitle} />
          <LengthCounter length={title.length} max={TEXT_LIMITS.linkTitle} className="self-end text-xs/5 text-muted" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-url`}>URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://..."
            aria-invalid={Boolean(errors.url) || undefined}
            aria-describedby={describedBy(refusedUrl, `${id}-url-refused`)}
            {...register("url")}
          />
          <FieldError id={`${id}-url-refused`} message={refusedUrl} />
        </div>
      </div>
      <FieldError id={`${id}-missing`} message={missing} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Icon type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-control border border-border bg-background p-1">
          {(["built-in", "custom"] as const).map((type) => (
            <label key={type} className="relative">
              <input
                type="radio"
                name={`${id}-icon-type`}
                value={type}
                checked={iconType === type}
                onChange={() => setValue("iconType", type)}
                className="peer sr-only"
              />
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
        <IconPicker value={iconName} onChange={(icon) => setValue("iconName", icon)} />
      ) : (
        <div className="flex flex-col gap-1">
          <FileUploadField
            label="Icon image"
            kind={FILE_FIELD_KINDS.iconUrl}
            value={iconUrl}
            onChange={(url) => setValue("iconUrl", url)}
            onBusyChange={setIconUploading}
          />
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
            <Input id={`${id}-from`} type="datetime-local" {...register("visibleFrom")} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-until`}>Show until</Label>
            <Input
              id={`${id}-until`}
              type="datetime-local"
              aria-invalid={badWindow || undefined}
              aria-describedby={badWindow ? `${id}-window` : undefined}
              {...register("visibleUntil")}
            />
          </div>
        </div>
        <FieldError id={`${id}-window`} message={badWindow ? LINK_WINDOW_MESSAGE : undefined} />
        <p className="text-xs text-muted">Outside these times the link is left out of your public card. Leave both empty to always show it.</p>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || disabled || iconUploading}>
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
