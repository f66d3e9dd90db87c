import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { TEXT_LIMITS } from "@shared/constants";
import { draftKeys, type DraftTopic } from "@shared/schemas/drafts";
import { createTopicSchema, type CreateTopicData, type CreateTopicInput } from "@shared/schemas/topics";
import { draftPosted } from "@/components/composer/api";
import { Composer } from "@/components/composer/composer";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { LengthCounter } from "@/components/ui/length-counter";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCategories } from "@/hooks/use-categories";
import { useCreateTopic } from "../api/create-topic";
import { TopicTaxonomyFields } from "./topic-taxonomy-fields";

const EMPTY_TOPIC: CreateTopicInput = { title: "", description: "", tags: [] };

/**
 * The 'New Topic' dialog (new-topic-button.tsx opens it); a created topic opens at once, ready for
 * the first reply. Its description is written in the composer; the new-topic draft keeps it with
 * the title, category and tags, and puts them all back when the dialog opens on an empty form.
 */
export function NewTopicDialog({ open, setOpen, categoryId }: { open: boolean; setOpen: (open: boolean) => void; categoryId?: number }) {
  const empty = { ...EMPTY_TOPIC, categoryId };
  const [, navigate] = useLocation();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors },
  } = useForm<CreateTopicInput, unknown, CreateTopicData>({
    resolver: zodResolver(createTopicSchema),
    defaultValues: empty,
  });
  const descriptionId = useId();
  const description = watch("description") ?? "";
  const draftTopic: DraftTopic = { title: watch("title"), categoryId: watch("categoryId") ?? null, tags: watch("tags") ?? [] };
  const { data: categories } = useCategories();
  const restoreTopic = (topic: DraftTopic) => {
    setValue("title", topic.title);
    setValue("tags", topic.tags);
    // A category no longer listed (gone, or no longer readable) is not put back.
    const listed = !categories || categories.some((category) => category.id === topic.categoryId);
    if (topic.categoryId !== null && listed) setValue("categoryId", topic.categoryId);
  };
  const createTopic = useCreateTopic({
    onSuccess: (topic) => {
      draftPosted(draftKeys.newTopic());
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
        // Closed without creating, the text stays (it is the new-topic draft too).
        setOpen(next);
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
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={descriptionId}>Description</Label>
            <Composer
              id={descriptionId}
              label="Description"
              field={register("description")}
              value={description}
              rows={4}
              invalid={Boolean(errors.description)}
              describedBy={`${descriptionId}-message`}
              draftKey={draftKeys.newTopic()}
              draftTopic={{ value: draftTopic, restore: restoreTopic }}
            />
            <div className="flex items-start justify-between gap-3 text-xs/5">
              <p id={`${descriptionId}-message`} className={errors.description ? "text-destructive" : "text-muted"}>
                {errors.description?.message ?? "Optional"}
              </p>
              <LengthCounter length={description.length} max={TEXT_LIMITS.topicDescription} className="ml-auto text-muted" />
            </div>
          </div>
          <TopicTaxonomyFields control={control} />
          <DialogActions className="mt-2" pending={createTopic.isPending}>
            <SubmitButton pending={createTopic.isPending} pendingLabel="Creating..." className="sm:w-auto">
              Create Topic
            </SubmitButton>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
