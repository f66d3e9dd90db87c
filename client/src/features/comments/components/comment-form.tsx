import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { profileCommentSchema, type ProfileCommentData, type ProfileCommentInput } from "@shared/schemas/comments";
import { draftKeys } from "@shared/draft-keys";
import { draftPosted } from "@/components/composer/api";
import { Composer } from "@/components/composer/composer";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { LengthCounter } from "@/components/ui/length-counter";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/cn";
import { useCreateProfileComment } from "../api/create-profile-comment";
import type { CommentViewer } from "../types";
import { COMMENT_ROWS, commentPlaceholder } from "./comment-form-layout";

interface CommentFormProps {
  profileUserId: number;
  profileUsername: string;
  viewer: CommentViewer;
}

/**
 * Writing a comment in the composer: 1-1000 characters ('Comment cannot be empty' / 'Comment is too
 * long'); Ctrl/Cmd+Enter sends; kept as the comment-{username} draft until sent.
 */
export function CommentForm({ profileUserId, profileUsername, viewer }: CommentFormProps) {
  const createComment = useCreateProfileComment(profileUserId);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ProfileCommentInput, unknown, ProfileCommentData>({
    resolver: zodResolver(profileCommentSchema),
    defaultValues: { content: "" },
  });

  const content = watch("content");
  // One per form: with a fixed id, two forms on a page (or an old one still mounted) would describe each other.
  const messageId = useId();

  const submit = handleSubmit(async (comment) => {
    try {
      await createComment.mutateAsync(comment);
      draftPosted(draftKeys.comment(profileUsername));
      reset({ content: "" });
    } catch {
      // The mutation shows the failure; the text stays for another try.
    }
  });

  return (
    <Form onSubmit={submit} className="flex-row gap-3">
      <UserAvatar username={viewer.username} src={viewer.avatar} size="sm" className="mt-0.5 hidden sm:grid" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Composer
          label="Comment"
          field={register("content")}
          value={content}
          placeholder={commentPlaceholder(profileUsername)}
          rows={COMMENT_ROWS}
          invalid={Boolean(errors.content)}
          describedBy={messageId}
          draftKey={draftKeys.comment(profileUsername)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={messageId} className={cn("text-xs/5", errors.content ? "text-destructive" : "text-muted")}>
            {errors.content?.message ?? (
              <LengthCounter length={content.length} max={TEXT_LIMITS.comment} from={0} />
            )}
          </p>
          <Button type="submit" size="sm" disabled={createComment.isPending}>
            {createComment.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {createComment.isPending ? "Posting..." : "Post Comment"}
          </Button>
        </div>
      </div>
    </Form>
  );
}
