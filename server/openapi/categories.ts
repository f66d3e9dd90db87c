import { createCategorySchema, deleteCategorySchema, tagSuggestionsQuerySchema, updateCategorySchema } from "@shared/schemas/categories";
import { categoriesSchema, categorySchema, deletedCategorySchema, tagsSchema } from "@shared/schemas/answers/forum";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/categories/ */
export const categoriesRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/categories",
    summary: "The forum's categories",
    description: "In their order.",
    access: "member",
    answers: { 200: { description: "The categories.", schema: categoriesSchema } },
  },
  {
    method: "get",
    path: "/api/tags",
    summary: "Tags in use",
    description: "Those starting with `q`, most used first.",
    access: "member",
    query: tagSuggestionsQuerySchema,
    answers: { 200: { description: "The tags.", schema: tagsSchema } },
  },
  {
    method: "post",
    path: "/api/admin/categories",
    summary: "Create a category",
    access: "admin",
    body: createCategorySchema,
    answers: { 201: { description: "The new category.", schema: categorySchema } },
    errors: { 409: "The name is taken." },
  },
  {
    method: "patch",
    path: "/api/admin/categories/:id",
    summary: "Change a category",
    description: "Its name, description, color or position.",
    access: "admin",
    params: idParams,
    body: updateCategorySchema,
    answers: { 200: { description: "The category as it now is.", schema: categorySchema } },
    errors: { 404: "No such category.", 409: "The name is taken." },
  },
  {
    method: "delete",
    path: "/api/admin/categories/:id",
    summary: "Delete a category",
    description: "Its topics move to `moveTo`.",
    access: "admin",
    params: idParams,
    body: deleteCategorySchema,
    answers: { 200: { description: "Deleted.", schema: deletedCategorySchema } },
    errors: { 400: "`moveTo` is this category or does not exist.", 404: "No such category.", 409: "General cannot be deleted." },
  },
];
