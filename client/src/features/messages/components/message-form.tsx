import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, SendHorizontal } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { MESSAGE_CONTENT_MAX_LENGTH } from "@shared/constants";
import { draftKeys } from "@shared/schemas/drafts";
import { messageSchema, type MessageInput } from "@shared/schemas/conversations";
import { draftPosted } from "@/components/composer/api";
import { Composer } from "@/components/composer/composer";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { LengthCounter } from "@/components/ui/length-counter";
import { apiErrorMessage } from "@/lib/api-error";
import { useSendMessage } from "../api/messages";
import { useSilence } from "@/hooks/use-silence";

/**
 * The composer at the foot of a conversation, its draft kept under `conversation-{id}`: Ctrl/Cmd+Enter
 * or Send. A refusal (too fast, too long) is said under the box and the text stays.
 */
export function MessageForm({ conversationId }: { conversationId: number }) {
  const send = useSendMessage(conversationId);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<MessageInput, unknown, { content: string }>({ resolver: zodResolver(messageSchema), defaultValues: { content: "" } });
  const content = watch("content");
  const errorId = useId();
  // The composer says why; its button is off too (the server refuses anyway).
  const silenced = useSilence() !== null;
  const problem = errors.content?.message ?? (send.isError ? apiErrorMessage(send.error) : undefined);

  const submit = handleSubmit(async ({ content: text }) => {
    try {
      await send.mutateAsync(text);
      draftPosted(draftKeys.conversation(conversationId));
      reset({ content: "" });
    } catch {
      // Said under the box; the text stays for another try.
    }
  });

  return (
    <Form className="gap-2" onSubmit={submit}>
      <Composer
        label="Message"
        field={register("content")}
        value={content}
        placeholder="Write a message..."
        rows={2}
        invalid={Boolean(problem)}
        describedBy={problem ? errorId : undefined}
        draftKey={draftKeys.conversation(conversationId)}
      />
      <div className="flex items-center gap-3">
        <p id={errorId} role={problem ? "alert" : undefined} className="min-w-0 flex-1 text-xs/5 text-destructive">
          {problem}
        </p>
        <LengthCounter length={content.length} max={MESSAGE_CONTENT_MAX_LENGTH} className="text-xs text-muted" />
        <span className="hidden text-xs text-muted sm:inline">Ctrl+Enter to send</span>
        <Button type="submit" size="sm" disabled={send.isPending || silenced}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
          Send
        </Button>
      </div>
    </Form>
  );
}
