import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { TEXT_LIMITS } from "@shared/constants";
import { createTopicSchema, type CreateTopicData, type CreateTopicInput } from "@shared/schemas/topics";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField, FormTextareaField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCreateTopic } from "../api/create-topic";
import { TopicTaxonomyFields } from "./topic-taxonomy-fields";

const EMPTY_TOPIC: CreateTopicInput = { title: "", description: "", tags: [] };

/** The 'New Topic' dialog (new-topic-button.tsx opens it); a created topic opens at once, ready for the first reply. */
export function NewTopicDialog({ open, setOpen, categoryId }: { open: boolean; setOpen: (open: boolean) => void; categoryId?: number }) {
  const empty = { ...EMPTY_TOPIC, categoryId };
  const [, navigate] = useLocation();
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CreateTopicInput, unknown, CreateTopicData>({
    resolver: zodResolver(createTopicSchema),
    defaultValues: empty,
  });
  const createTopic = useCreateTopic({
    onSuccess: (topic) => {
      setOpen(false);
      reset(empty);
      navigate(`/topic/${topic.id}`);
    },
  });

  // A failure is the mutation's toast; the dialog stays with the text for another try.
  const submit = handleSubmit(({ title, description, categoryId, tags }) =>
    createTopic.mutateAsync({ title, description: description || undefined, categoryId, tags }).catch(() => {}),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (createTopic.isPending) return;
        setOpen(next);
        if (!next) reset(empty);
      }}
    >
      <DialogContent>
        <DialogTitle>New Topic</DialogTitle>
        <DialogDescription>Start a conversation. Every member can read and reply to it.</DialogDescription>
        <Form className="mt-5" onSubmit={submit}>
          <FormField
            label="Title"
            autoComplete="off"
            counter={{ length: watch("title").length, max: TEXT_LIMITS.topicTitle }}
            error={errors.title?.message}
            {...register("title")}
          />
          <FormTextareaField
            label="Description"
            hint="Optional"
            rows={4}
            counter={{ length: watch("description")?.length ?? 0, max: TEXT_LIMITS.topicDescription }}
            error={errors.description?.message}
            {...register("description")}
          />
          <TopicTaxonomyFields control={control} />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={createTopic.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton pending={createTopic.isPending} pendingLabel="Creating..." className="sm:w-auto">
              Create Topic
            </SubmitButton>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
