import { ArrowDown, ArrowUp, FolderTree, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { GENERAL_CATEGORY_ID } from "@shared/constants";
import type { Category } from "@shared/types";
import { CategoryChip } from "@/components/category-chip";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCategories } from "@/hooks/use-categories";
import { countLabel } from "@/lib/count-label";
import { useUpdateCategory } from "../api/categories";
import { AdminSection } from "./admin-section";
import { CategoryDialog } from "./category-dialog";
import { DeleteCategoryDialog } from "./delete-category-dialog";

type Editing = { kind: "new" } | { kind: "edit"; category: Category } | { kind: "delete"; category: Category } | null;

/** 'Categories': create, rename, colour, describe, reorder (up/down) and delete (moving the topics); General stays. */
export function CategoryManagement() {
  const categories = useCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const reorder = useUpdateCategory();
  const list = categories.data ?? [];
  const close = (open: boolean) => !open && setEditing(null);

  let body;
  if (categories.isPending) body = <Spinner className="py-12" />;
  else if (!categories.data) {
    body = <ErrorState title="Failed to load categories" error={categories.error} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />;
  } else {
    body = (
      <ol className="divide-y divide-border" aria-label="Categories">
        {list.map((category, index) => (
          <li key={category.id} className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:px-5">
            <div className="min-w-0 flex-1">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <CategoryChip category={category} />
                <span className="text-xs text-muted">{countLabel(category.topicsCount, "topic")}</span>
                {category.id === GENERAL_CATEGORY_ID && <span className="text-xs text-muted">· default for new topics</span>}
              </div>
              {category.description && <p className="mt-1 line-clamp-2 text-sm text-muted [overflow-wrap:anywhere]">{category.description}</p>}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${category.name} up`}
                title="Move up"
                disabled={index === 0 || reorder.isPending}
                onClick={() => reorder.mutate({ id: category.id, position: category.position - 1 })}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${category.name} down`}
                title="Move down"
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => reorder.mutate({ id: category.id, position: category.position + 1 })}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${category.name}`} title="Edit" onClick={() => setEditing({ kind: "edit", category })}>
                <Pencil aria-hidden />
              </Button>
              {category.id !== GENERAL_CATEGORY_ID && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 hover:bg-destructive/10 hover:text-destructive-hover"
                  aria-label={`Delete ${category.name}`}
                  title="Delete"
                  onClick={() => setEditing({ kind: "delete", category })}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <AdminSection
      icon={FolderTree}
      title="Categories"
      description={categories.data ? `${countLabel(list.length, "category", "categories")}, in the order the forum shows them` : undefined}
      actions={
        <Button size="sm" onClick={() => setEditing({ kind: "new" })}>
          <Plus aria-hidden />
          New category
        </Button>
      }
      busy={reorder.isPending}
    >
      {body}
      {editing?.kind === "new" && <CategoryDialog open onOpenChange={close} />}
      {editing?.kind === "edit" && <CategoryDialog open onOpenChange={close} category={editing.category} />}
      {editing?.kind === "delete" && <DeleteCategoryDialog category={editing.category} categories={list} open onOpenChange={close} />}
    </AdminSection>
  );
}
