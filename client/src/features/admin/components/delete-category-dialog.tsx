import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import type { Category } from "@shared/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormSelectField } from "@/components/ui/form-select-field";
import { countLabel } from "@/lib/count-label";
import { useDeleteCategory } from "../api/categories";

interface DeleteCategoryDialogProps {
  category: Category;
  /** Every category: the others are where its topics can go. */
  categories: Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deletes a category after the admin chose where its topics go (General unless they pick another). */
export function DeleteCategoryDialog({ category, categories, open, onOpenChange }: DeleteCategoryDialogProps) {
  const others = categories.filter((other) => other.id !== category.id);
  const [moveTo, setMoveTo] = useState(others.some((other) => other.id === GENERAL_CATEGORY_ID) ? GENERAL_CATEGORY_ID : others[0]?.id);
  const deleteCategory = useDeleteCategory({ onSuccess: () => onOpenChange(false) });
  const pending = deleteCategory.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle>Delete {category.name}?</DialogTitle>
        <DialogDescription>
          Its {countLabel(category.topicsCount, "topic")} move to the category you choose. The category itself cannot be brought back.
        </DialogDescription>
        <div className="mt-5">
          <FormSelectField label="Move its topics to" value={moveTo ?? ""} onChange={(event) => setMoveTo(Number(event.target.value))}>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </FormSelectField>
        </div>
        <DialogActions className="mt-6" pending={pending}>
          <Button variant="destructive" disabled={pending || moveTo === undefined} onClick={() => moveTo !== undefined && deleteCategory.mutate({ id: category.id, moveTo })}>
            {pending && <LoaderCircle className="animate-spin" aria-hidden />}
            {pending ? "Deleting..." : "Delete category"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
