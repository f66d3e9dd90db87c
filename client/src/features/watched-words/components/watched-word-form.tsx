import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { WATCHED_WORD_ACTION_HINTS, WATCHED_WORD_ACTION_LABELS, WATCHED_WORD_ACTIONS, WATCHED_WORD_MAX_LENGTH } from "@shared/watched-words";
import { createWatchedWordSchema, type CreateWatchedWordData, type CreateWatchedWordInput } from "@shared/schemas/watched-words";
import { Form, FormField } from "@/components/ui/form";
import { FormSelectField } from "@/components/ui/form-select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiErrorMessage } from "@/lib/api-error";
import { useAddWatchedWord } from "../api/watched-words";

/**
 * Adds a watched word: the word or phrase (`*` for any letters) and what happens to a text that has
 * it. The shared schema's messages show under the field; the server's refusal (a word already
 * watched) too. The word clears once added; the action stays for the next.
 */
export function WatchedWordForm() {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateWatchedWordInput, unknown, CreateWatchedWordData>({
    resolver: zodResolver(createWatchedWordSchema),
    defaultValues: { word: "", action: "block" },
  });
  const add = useAddWatchedWord();
  const action = watch("action");
  const word = watch("word");

  const submit = handleSubmit(async (fields) => {
    try {
      await add.mutateAsync(fields);
      reset({ word: "", action: fields.action });
    } catch (error) {
      setError("word", { message: apiErrorMessage(error) });
    }
  });

  return (
    <Form onSubmit={submit} className="gap-4 lg:flex-row lg:items-start" aria-label="Add a watched word">
      <div className="min-w-0 lg:flex-1">
        <FormField
          label="Word or phrase"
          hint="Whole words, ignoring case and accents; * stands for any letters (spam*)."
          autoComplete="off"
          spellCheck={false}
          counter={{ length: word.length, max: WATCHED_WORD_MAX_LENGTH }}
          error={errors.word?.message}
          {...register("word")}
        />
      </div>
      <div className="min-w-0 lg:w-72">
        <FormSelectField label="Action" hint={WATCHED_WORD_ACTION_HINTS[action]} error={errors.action?.message} {...register("action")}>
          {WATCHED_WORD_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {WATCHED_WORD_ACTION_LABELS[value]}
            </option>
          ))}
        </FormSelectField>
      </div>
      <SubmitButton pending={add.isPending} pendingLabel="Adding..." className="lg:mt-6 lg:w-auto">
        Add word
      </SubmitButton>
    </Form>
  );
}
