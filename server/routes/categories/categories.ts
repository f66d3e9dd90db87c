import { Router } from "express";
import {
  createCategorySchema,
  deleteCategorySchema,
  tagSuggestionsQuerySchema,
  updateCategorySchema,
} from "@shared/schemas/categories";
import type { CategoriesResponse, TagsResponse } from "@shared/types";
import { CATEGORY_NOT_FOUND, createCategory, deleteCategory, updateCategory } from "../../commands/categories";
import type { Db } from "../../db/client";
import { conflict, notFound } from "../../errors";
import { admin, member, memberHandler } from "../../middlewares/guards";
import { canDeleteCategory } from "../../policies/categories";
import { canReadCategory, readableScope } from "../../policies/category-access";
import { presentCategory, presentTag } from "../../presenters/category";
import { findCategory, listCategories, listTags } from "../../queries/categories";
import { parseId } from "../params";

/** GET /api/categories and GET /api/tags: what a member picks from and filters by. */
export function categoriesRouter({ db }: { db: Db }): Router {
  const router = Router();

  // Only the categories the caller may read (docs/product.md "Groups and closed categories").
  router.get("/categories", member, memberHandler(async (req, res) => {
    const readable = (await listCategories(db)).filter((category) => canReadCategory(req.user, category));
    res.json({ categories: readable.map((category) => presentCategory(category, req.user)) } satisfies CategoriesResponse);
  }));

  // Counted over the topics the caller may read.
  router.get("/tags", member, memberHandler(async (req, res) => {
    const { q } = tagSuggestionsQuerySchema.parse(req.query);
    res.json({ tags: (await listTags(db, q, readableScope(req.user))).map(presentTag) } satisfies TagsResponse);
  }));

  return router;
}

/** /api/admin/categories: administrators create, change, order and delete categories. */
export function adminCategoriesRouter({ db }: { db: Db }): Router {
  const router = Router();
  const categoryId = (raw: unknown) => parseId(raw, CATEGORY_NOT_FOUND);

  router.post("/", admin, memberHandler(createCategorySchema, async (req, res) => {
    res.status(201).json(presentCategory(await createCategory(db, req.body), req.user));
  }));

  router.patch("/:id", admin, memberHandler(updateCategorySchema, async (req, res) => {
    res.json(presentCategory(await updateCategory(db, categoryId(req.params.id), req.body), req.user));
  }));

  // General is refused (409) before the body is read: where its topics would go does not matter.
  router.delete("/:id", admin, memberHandler(async (req, res) => {
    const category = await findCategory(db, categoryId(req.params.id));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    if (!canDeleteCategory(category)) throw conflict("General cannot be deleted");
    const { moveTo } = deleteCategorySchema.parse(req.body ?? {});
    const { movedTopics } = await deleteCategory(db, category.id, moveTo);
    res.json({ message: "Category deleted", movedTopics });
  }));

  return router;
}
