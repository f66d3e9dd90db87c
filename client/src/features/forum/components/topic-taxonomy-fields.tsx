import { useController, type Control } from "react-hook-form";
import type { CreateTopicData, CreateTopicInput } from "@shared/schemas/topics";
import { FormSelectField } from "@/components/ui/form-select-field";
import { defaultCategory, useCategories } from "@/hooks/use-categories";
import { TagsInput } from "./tags-input";

/**
 * A topic's category (a select, General until another is chosen) and tags, in the form that
 * creates a topic or edits one.
 */
export function TopicTaxonomyFields({ control }: { control: Control<CreateTopicInput, unknown, CreateTopicData> }) {
  const category = useController({ control, name: "categoryId" });
  const tags = useController({ control, name: "tags" });
  const { data: all = [] } = useCategories();
  // Only the categories the member may post in (docs/product.md "Groups and closed categories"), and the one the topic is in.
  const categories = all.filter((option) => option.canPost || option.id === category.field.value);
  const selected = category.field.value ?? defaultCategory(categories)?.id;

  return (
    <>
      <FormSelectField
        label="Category"
        value={selected ?? ""}
        onChange={(event) => category.field.onChange(Number(event.target.value))}
        onBlur={category.field.onBlur}
        error={category.fieldState.error?.message}
      >
        {categories.length === 0 && <option value="">General</option>}
        {categories.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </FormSelectField>
      <TagsInput value={tags.field.value ?? []} onChange={tags.field.onChange} error={tags.fieldState.error?.message} />
    </>
  );
}
