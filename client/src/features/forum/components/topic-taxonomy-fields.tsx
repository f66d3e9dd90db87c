import { useController, type Control, type FieldValues } from "react-hook-form";
import { FormSelectField } from "@/components/ui/form";
import { defaultCategory, useCategories } from "@/hooks/use-categories";
import { TagsInput } from "./tags-input";

/** The form values these fields fill: a category (unset: the default, General) and the tags. */
export interface TaxonomyValues {
  categoryId?: number;
  tags: string[];
}

/**
 * A topic's category (a select, General until another is chosen) and tags, inside a react-hook-form
 * form whose values include `categoryId` and `tags` (creating and editing a topic).
 */
export function TopicTaxonomyFields<Values extends FieldValues & TaxonomyValues>({ control }: { control: Control<Values> }) {
  // The form's other fields do not matter here; the two named ones are typed by TaxonomyValues.
  const taxonomyControl = control as unknown as Control<TaxonomyValues>;
  const category = useController({ control: taxonomyControl, name: "categoryId" });
  const tags = useController({ control: taxonomyControl, name: "tags" });
  const { data: categories = [] } = useCategories();
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
      <TagsInput value={tags.field.value} onChange={tags.field.onChange} error={tags.fieldState.error?.message} />
    </>
  );
}
