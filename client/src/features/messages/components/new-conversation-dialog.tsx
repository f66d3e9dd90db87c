import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, X } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useLocation } from "wouter";
import { CONVERSATION_MAX_MEMBERS, CONVERSATION_TITLE_MAX_LENGTH, MESSAGE_CONTENT_MAX_LENGTH, NOT_ACCEPTING_MESSAGES } from "@shared/constants";
import { createConversationSchema } from "@shared/schemas/conversations";
import type { ConversationMember } from "@shared/types";
import { Composer } from "@/components/composer/composer";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField } from "@/components/ui/form";
import { LengthCounter } from "@/components/ui/length-counter";
import { UserAvatar } from "@/components/user-avatar";
import { apiErrorMessage, apiValidationIssues, hasStatus } from "@/lib/api-error";
import { useCreateConversation } from "../api/conversations";
import { MemberPicker } from "./member-picker";

/** The others a conversation may have besides its starter. */
const MAX_OTHERS = CONVERSATION_MAX_MEMBERS - 1;

const detailsSchema = createConversationSchema.pick({ title: true, content: true });
type DetailsInput = z.input<typeof detailsSchema>;
type DetailsData = z.output<typeof detailsSchema>;

/**
 * The server's refusal of the chosen members, in its words, or null when it refused something else:
 * a name of no member (404), a member not accepting messages from the viewer (403), a bad list.
 * Whether a member may be messaged is known only once the message is sent: no call asks it sooner.
 */
function recipientsRefusal(error: unknown): string | null {
  if (hasStatus(error, 404) || (hasStatus(error, 403) && apiErrorMessage(error) === NOT_ACCEPTING_MESSAGES)) return apiErrorMessage(error);
  return apiValidationIssues(error).find((issue) => issue.path === "usernames" || issue.path.startsWith("usernames."))?.message ?? null;
}

/** A member chosen for the conversation: who they are, before any conversation shows them. */
export type ChosenMember = Pick<ConversationMember, "id" | "username" | "avatar">;

export interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerId: number;
  /** Already chosen when it opens (the member whose profile it was opened from). */
  initialMembers?: ChosenMember[];
}

/**
 * Starts a conversation: 1-9 members chosen by name, an optional title and the first message
 * (the composer without a draft: docs/product.md "Forum" keeps drafts for replies in `conversation-{id}`, and a
 * conversation has no id before this). The server's refusal of a chosen member (one not accepting
 * messages from the viewer, a name of no member) is said under the recipients until the members
 * change, any other in the dialog; success opens the conversation.
 */
export function NewConversationDialog({ open, onOpenChange, viewerId, initialMembers = [] }: NewConversationDialogProps) {
  const [, navigate] = useLocation();
  const [members, setMembers] = useState<ChosenMember[]>(initialMembers);
  const [membersError, setMembersError] = useState<string | null>(null);
  const create = useCreateConversation();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<DetailsInput, unknown, DetailsData>({ resolver: zodResolver(detailsSchema), defaultValues: { title: "", content: "" } });
  const content = watch("content");
  const contentErrorId = useId();
  const membersErrorId = useId();

  const submit = handleSubmit(async ({ title, content: text }) => {
    if (members.length === 0) {
      setMembersError("Choose at least one member");
      return;
    }
    try {
      const conversation = await create.mutateAsync({ usernames: members.map((member) => member.username), title: title || undefined, content: text });
      onOpenChange(false);
      navigate(`/messages/${conversation.id}`);
    } catch (error) {
      // A refusal of the members is said under them, any other below the form (create.error); what was typed stays.
      setMembersError(recipientsRefusal(error));
    }
  });

  const full = members.length >= MAX_OTHERS;
  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-xl">
        <DialogTitle>New message</DialogTitle>
        <DialogDescription>Up to {MAX_OTHERS} members; only they will read it.</DialogDescription>
        <Form className="mt-5" onSubmit={submit}>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-foreground">To</span>
            {members.length > 0 && (
              <ul aria-label="Chosen members" className="flex flex-wrap gap-1.5">
                {members.map((member) => (
                  <li key={member.id} className="inline-flex items-center gap-1.5 rounded-full bg-surface-raised py-1 pl-1 pr-1.5 text-sm ring-1 ring-border">
                    <UserAvatar username={member.username} src={member.avatar} size="xs" />
                    {member.username}
                    <button
                      type="button"
                      aria-label={`Remove ${member.username}`}
                      className="grid size-5 cursor-pointer place-items-center rounded-full text-muted hover:bg-border hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
                      onClick={() => {
                        setMembersError(null);
                        setMembers((current) => current.filter((item) => item.id !== member.id));
                      }}
                    >
                      <X className="size-3.5" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <MemberPicker
              label="Add a member"
              placeholder={full ? `At most ${MAX_OTHERS} members` : "Type a name..."}
              disabled={full}
              autoFocus={members.length === 0}
              invalid={membersError !== null}
              describedBy={membersError ? membersErrorId : undefined}
              exclude={(member) => member.id === viewerId || members.some((item) => item.id === member.id)}
              onPick={(member) => {
                setMembersError(null);
                setMembers((current) => [...current, { id: member.id, username: member.username, avatar: member.avatar }]);
              }}
            />
            {membersError && (
              <p id={membersErrorId} role="alert" className="text-xs/5 text-destructive">
                {membersError}
              </p>
            )}
          </div>
          <FormField
            label="Title (optional)"
            maxLength={CONVERSATION_TITLE_MAX_LENGTH * 2}
            error={errors.title?.message}
            counter={{ length: (watch("title") ?? "").length, max: CONVERSATION_TITLE_MAX_LENGTH }}
            {...register("title")}
          />
          <div className="flex flex-col gap-1.5">
            <Composer
              label="First message"
              field={register("content")}
              value={content}
              placeholder="Write a message..."
              rows={4}
              autoFocus={members.length > 0}
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? contentErrorId : undefined}
            />
            <div className="flex items-start justify-between gap-3 text-xs/5 empty:hidden">
              {errors.content && (
                <p id={contentErrorId} className="text-destructive">
                  {errors.content.message}
                </p>
              )}
              <LengthCounter length={content.length} max={MESSAGE_CONTENT_MAX_LENGTH} className="ml-auto text-muted" />
            </div>
          </div>
          {create.isError && recipientsRefusal(create.error) === null && (
            <p role="alert" className="rounded-control border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive-hover">
              {apiErrorMessage(create.error)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={create.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {create.isPending ? "Sending..." : "Send"}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
