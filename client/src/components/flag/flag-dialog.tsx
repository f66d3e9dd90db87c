import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FLAG_ALREADY_OPEN, FLAG_NOTE_MAX_LENGTH, FLAG_REASON_LABELS, FLAG_REASONS, type FlagTargetType } from "@shared/flags";
import { flagFormSchema, type FlagFormData } from "@shared/schemas/flags";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormTextareaField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiError, apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCreateFlag } from "./create-flag";

const WHAT: Record<FlagTargetType, string> = { post: "post", comment: "comment", message: "message", card: "card", topic: "topic's opening post" };

interface FlagDialogProps {
  targetType: FlagTargetType;
  /** The post, comment or message id; the owner's username for a card. */
  targetId: number | string;
  /** How the title names the target ("@alice's card"); "this post" and so on without it. */
  name?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The viewer's flag is now open on it: flagged now, or found already open (409). */
  onFlagged?: () => void;
}

/**
 * Flagging something for staff: one of four reasons, and a note (required for "Something else").
 * The form parses with the API's own schema; a refusal (the day's flags used: 429) is said in the
 * dialog, in the server's words. A flag found already open (409) is no failure: the dialog closes and
 * the button reads "Flagged", as after a new one.
 */
export function FlagDialog({ targetType, targetId, name, open, onOpenChange, onFlagged }: FlagDialogProps) {
  const noteId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FlagFormData>({ resolver: zodResolver(flagFormSchema), defaultValues: { reason: "spam", note: "" } });
  const flagged = (description: string) => {
    onOpenChange(false);
    reset();
    onFlagged?.();
    toast({ title: "Flagged", description });
  };
  const createFlag = useCreateFlag({ onSuccess: () => flagged("Thank you. Staff will review it.") });
  const submit = handleSubmit(({ reason, note }) =>
    createFlag.mutateAsync({ targetType, targetId, reason, ...(note ? { note } : {}) }).catch((error: unknown) => {
      // Flagged already (in another tab, or before this page was read): the flag stands, which is what was asked.
      if (error instanceof ApiError && error.status === 409 && apiErrorMessage(error) === FLAG_ALREADY_OPEN) {
        createFlag.reset();
        flagged("You had already flagged this. Staff will review it.");
      }
    }),
  );
  const note = watch("note");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (createFlag.isPending) return;
        if (!next) createFlag.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>Flag {name ?? `this ${WHAT[targetType]}`}</DialogTitle>
        <DialogDescription>Tell staff what is wrong with it. Flags from several members hide it until staff look.</DialogDescription>
        <Form className="mt-5" onSubmit={submit}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-foreground">Reason</legend>
            {FLAG_REASONS.map((reason) => (
              <label key={reason} className="flex cursor-pointer items-center gap-2 rounded-control border border-border px-3 py-2 text-sm text-foreground has-checked:border-primary has-checked:bg-primary/[0.08]">
                <input type="radio" value={reason} className="accent-primary" {...register("reason")} />
                {FLAG_REASON_LABELS[reason]}
              </label>
            ))}
          </fieldset>
          <FormTextareaField
            id={noteId}
            label={watch("reason") === "other" ? "Note (required)" : "Note (optional)"}
            rows={3}
            counter={{ length: note.length, max: FLAG_NOTE_MAX_LENGTH }}
            error={errors.note?.message}
            {...register("note")}
          />
          {createFlag.isError && (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(createFlag.error)}
            </p>
          )}
          <DialogActions pending={createFlag.isPending}>
            <SubmitButton pending={createFlag.isPending} pendingLabel="Flagging..." className="sm:w-auto">
              Flag
            </SubmitButton>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
