import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { CATEGORY_LIMITS } from "@shared/constants";
import { createCategorySchema, type CreateCategoryData, type CreateCategoryInput } from "@shared/schemas/categories";
import type { Category } from "@shared/types";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField, FormTextareaField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { readableTextColor } from "@/lib/readable-text-color";
import { useCreateCategory, useUpdateCategory } from "../api/categories";
import { useGroups } from "../api/groups";

/**
 * Which groups may read, or write in, the category: a checkbox per group; none ticked is every
 * member (docs/product.md "Groups and closed categories").
 */
function GroupChoice({ legend, everyone, value, onChange }: { legend: string; everyone: string; value: number[]; onChange: (ids: number[]) => void }) {
  const groups = useGroups();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      <p className="text-xs/5 text-muted">{value.length === 0 ? everyone : "Only the groups ticked (staff always can)."}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {(groups.data ?? []).map((group) => (
          <label key={group.id} className="inline-flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={value.includes(group.id)}
              onChange={(event) => onChange(event.target.checked ? [...value, group.id] : value.filter((id) => id !== group.id))}
            />
            <span className="min-w-0 truncate">{group.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A new category's colour until the admin picks one (the site's primary). */
const DEFAULT_COLOR = "#6366f1";

interface CategoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to change; none: a new one. */
  category?: Category;
}

/** Name, colour (with a preview of the chip) and description of a category, new or existing. */
export function CategoryDialog({ open, onOpenChange, category }: CategoryDialogProps) {
  const close = () => onOpenChange(false);
  const create = useCreateCategory({ onSuccess: close });
  const update = useUpdateCategory({ onSuccess: close });
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<CreateCategoryInput, unknown, CreateCategoryData>({
    resolver: zodResolver(createCategorySchema),
    defaultValues: {
      name: category?.name ?? "",
      description: category?.description ?? "",
      color: category?.color ?? DEFAULT_COLOR,
      readGroups: category?.readGroups ?? [],
      writeGroups: category?.writeGroups ?? [],
    },
  });
  const color = watch("color");
  const name = watch("name");
  const validColor = /^#[0-9a-f]{6}$/i.test(color);

  const submit = handleSubmit((fields) =>
    (category ? update.mutateAsync({ id: category.id, ...fields }) : create.mutateAsync(fields)).catch(() => {}),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{category ? "Edit category" : "New category"}</DialogTitle>
        <DialogDescription>{category ? `Topics in ${category.name} keep their place.` : "Members can file topics under it at once."}</DialogDescription>
        <Form className="mt-5" onSubmit={submit}>
          <FormField
            label="Name"
            autoComplete="off"
            counter={{ length: name.length, max: CATEGORY_LIMITS.name }}
            error={errors.name?.message}
            {...register("name")}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="category-color">Colour</Label>
            <div className="flex items-center gap-3">
              <input
                type="color"
                aria-label="Pick colour"
                value={validColor ? color : DEFAULT_COLOR}
                onChange={(event) => setValue("color", event.target.value, { shouldValidate: true })}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-control border border-border bg-background p-1"
              />
              <input
                id="category-color"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.color ? true : undefined}
                aria-describedby={errors.color ? "category-color-message" : undefined}
                className="h-10 w-28 min-w-0 rounded-control border border-border bg-background px-3 font-mono text-sm focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none aria-invalid:border-destructive"
                {...register("color")}
              />
              <span
                aria-hidden
                className="ml-auto inline-flex min-w-0 items-center truncate rounded-full px-2.5 py-0.5 text-xs font-semibold"
                style={validColor ? { backgroundColor: color, color: readableTextColor(color) } : undefined}
              >
                {name.trim() || "Preview"}
              </span>
            </div>
            {errors.color && (
              <p id="category-color-message" className="text-xs/5 text-destructive">
                {errors.color.message}
              </p>
            )}
          </div>
          <FormTextareaField
            label="Description"
            hint="Optional: what belongs here"
            rows={3}
            counter={{ length: watch("description")?.length ?? 0, max: CATEGORY_LIMITS.description }}
            error={errors.description?.message}
            {...register("description")}
          />
          <GroupChoice
            legend="Who can read"
            everyone="Every member."
            value={watch("readGroups") ?? []}
            onChange={(ids) => setValue("readGroups", ids, { shouldDirty: true })}
          />
          <GroupChoice
            legend="Who can post"
            everyone="Every member who can read it."
            value={watch("writeGroups") ?? []}
            onChange={(ids) => setValue("writeGroups", ids, { shouldDirty: true })}
          />
          <DialogActions className="mt-2" pending={pending}>
            <SubmitButton pending={pending} pendingLabel="Saving..." className="sm:w-auto">
              {category ? "Save" : "Create category"}
            </SubmitButton>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
