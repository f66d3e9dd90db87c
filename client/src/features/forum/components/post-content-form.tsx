import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useId, type ReactNode, type Ref } from "react";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { postContentSchema, type PostContentData, type PostContentInput } from "@shared/schemas/posts";
import { draftPosted } from "@/components/composer/api";
import { Composer, type ComposerHandle } from "@/components/composer/composer";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { LengthCounter } from "@/components/ui/length-counter";
import { useSilence } from "@/hooks/use-silence";
import { apiErrorMessage, hasStatus } from "@/lib/api-error";

export interface PostContentFormProps {
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
  /** Where the text is kept as a draft until it is sent (none when editing). */
  draftKey?: string;
  composerRef?: Ref<ComposerHandle>;
  /** Called as the member types (the reply box tells the topic's readers). */
  onType?: () => void;
}

/**
 * A post's composer with its buttons, for replying and for editing: blank content says 'Content
 * required' under the box and sends nothing; Ctrl/Cmd+Enter submits. Text past the limit is kept
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
  draftKey,
  composerRef,
  onType,
}: PostContentFormProps) {
  // The composer says why; its button is off too (the server refuses anyway).
  const silenced = useSilence() !== null;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<PostContentInput, unknown, PostContentData>({
    resolver: zodResolver(postContentSchema),
    defaultValues: { content: initialContent },
  });
  const content = watch("content");
  const errorId = useId();

  const submit = handleSubmit(async (data) => {
    try {
      await onSubmit(data);
      if (draftKey) draftPosted(draftKey);
      reset({ content: "" });
    } catch (error) {
      // The mutation shows the failure; the text stays for another try. A refusal of the text itself
      // (400: a word that is not allowed, docs/product.md "Watched words") shows under the box too.
      if (hasStatus(error, 400)) setError("content", { message: apiErrorMessage(error) });
    }
  });

  return (
    <Form className="gap-3" onSubmit={submit}>
      <Composer
        ref={composerRef}
        label={label}
        field={register("content", { onChange: onType })}
        value={content}
        placeholder={placeholder}
        rows={rows}
        autoFocus={autoFocus}
        invalid={Boolean(errors.content)}
        describedBy={errors.content ? errorId : undefined}
        draftKey={draftKey}
        onCancel={onCancel}
      />
      {/* The error and, near the limit, the counter; nothing (hidden when empty) otherwise. */}
      <div className="flex items-start justify-between gap-3 text-xs/5 empty:hidden">
        {errors.content && (
          <p id={errorId} className="text-destructive">
            {errors.content.message}
          </p>
        )}
        <LengthCounter length={content.length} max={TEXT_LIMITS.postContent} className="ml-auto text-muted" />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        {onCancel && (
          <Button variant="outline" size="sm" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending || silenced}>
          {pending && <LoaderCircle className="animate-spin" aria-hidden />}
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
