import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { postContentSchema, type PostContentData, type PostContentInput } from "@shared/schemas/posts";
import { MentionTextarea } from "@/components/mention-textarea";
import { Button } from "@/components/ui/button";
import { LengthCounter } from "@/components/ui/length-counter";
import { toast } from "@/lib/toast";
import { POST_CONTENT_REQUIRED } from "../messages";

interface PostContentFormProps {
  /** Names the textarea for screen readers ('Reply', 'Edit post'). */
  label: string;
  initialContent?: string;
  placeholder?: string;
  rows?: number;
  autoFocus?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Called with the trimmed content; resolves once the call succeeded (the form then clears). */
  onSubmit: (data: PostContentData) => Promise<unknown>;
  /** Shows a Cancel button (also Escape) that runs this. */
  onCancel?: () => void;
  /** Extra buttons or text beside the submit button. */
  footer?: ReactNode;
}

/** The length counter shows from this share of the limit on: most posts are far from it. */
const COUNTER_FROM = 0.9;

/**
 * A post's text box with its buttons, for replying and for editing: blank content gives the
 * 'Content required' toast and sends nothing; Ctrl/Cmd+Enter submits. Text past the limit is kept
 * (not cut off as it is pasted): the counter turns red and sending says 'Content too long'.
 */
export function PostContentForm({
  label,
  initialContent = "",
  placeholder,
  rows = 4,
  autoFocus,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  footer,
}: PostContentFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<PostContentInput, unknown, PostContentData>({
    resolver: zodResolver(postContentSchema),
    defaultValues: { content: initialContent },
  });
  const length = watch("content").length;

  const submit = () => {
    if (pending) return;
    if (getValues("content").trim() === "") {
      toast({ variant: "destructive", ...POST_CONTENT_REQUIRED });
      return;
    }
    void handleSubmit(async (data) => {
      try {
        await onSubmit(data);
        reset({ content: "" });
      } catch {
        // The mutation shows the failure; the text stays for another try.
      }
    })();
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MentionTextarea
        aria-label={label}
        placeholder={placeholder}
        rows={rows}
        autoFocus={autoFocus}
        aria-invalid={errors.content ? true : undefined}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          } else if (event.key === "Escape" && onCancel) {
            event.preventDefault();
            onCancel();
          }
        }}
        {...register("content")}
      />
      {errors.content ? (
        <p className="text-xs/5 text-destructive">{errors.content.message}</p>
      ) : (
        length >= TEXT_LIMITS.postContent * COUNTER_FROM && <LengthCounter length={length} max={TEXT_LIMITS.postContent} className="text-xs/5 text-muted" />
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        {onCancel && (
          <Button variant="outline" size="sm" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {pending && <LoaderCircle className="animate-spin" aria-hidden />}
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
