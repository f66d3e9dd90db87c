import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { createTopicSchema, type CreateTopicData, type CreateTopicInput } from "@shared/schemas/topics";
import type { Topic } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Form, FormField, FormTextareaField } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/submit-button";
import { useUpdateTopic } from "../api/update-topic";
import { TopicTaxonomyFields } from "./topic-taxonomy-fields";

/**
 * The topic's title, description, category and tags as a form, in place of the header's text:
 * checked by the rules of a new topic (the same fields PATCH takes); Save sends them (PATCH), Cancel or Escape leaves.
 */
export function TopicEditForm({ topic, onDone }: { topic: Topic; onDone: () => void }) {
  const updateTopic = useUpdateTopic(topic.id, { onSuccess: onDone });
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CreateTopicInput, unknown, CreateTopicData>({
    resolver: zodResolver(createTopicSchema),
    defaultValues: { title: topic.title, description: topic.description ?? "", categoryId: topic.categoryId, tags: topic.tags },
  });

  // A failure is the mutation's toast; the form stays with the text for another try.
  const submit = handleSubmit(({ title, description = "", categoryId, tags }) =>
    updateTopic.mutateAsync({ title, description, categoryId, tags }).catch(() => {}),
  );

  return (
    <Form onSubmit={submit} aria-label="Edit topic" onKeyDown={(event) => event.key === "Escape" && !updateTopic.isPending && onDone()}>
      <FormField
        label="Title"
        autoComplete="off"
        autoFocus
        counter={{ length: watch("title").length, max: TEXT_LIMITS.topicTitle }}
        error={errors.title?.message}
        {...register("title")}
      />
      <FormTextareaField
        label="Description"
        hint="Optional"
        rows={3}
        counter={{ length: watch("description")?.length ?? 0, max: TEXT_LIMITS.topicDescription }}
        error={errors.description?.message}
        {...register("description")}
      />
      <TopicTaxonomyFields control={control} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={updateTopic.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={updateTopic.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Save
        </SubmitButton>
      </div>
    </Form>
  );
}
