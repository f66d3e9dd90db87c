import { z } from "zod";
import { GROUP_LIMITS } from "../constants";
import { atMost, MAX_DB_INTEGER, NOT_BLANK } from "./fields";

/** A group's name: 1-50 characters once trimmed, unique whatever its case (docs/product.md "Groups and closed categories"). */
export const groupNameSchema = z
  .string()
  .trim()
  .min(1, "Name required")
  .max(GROUP_LIMITS.name, atMost(`Name must be at most ${GROUP_LIMITS.name} characters`))
  .meta(NOT_BLANK);

/** POST /api/admin/groups */
export const createGroupSchema = z.strictObject({ name: groupNameSchema });
export type CreateGroupInput = z.input<typeof createGroupSchema>;

/** PATCH /api/admin/groups/{id}: a new name. */
export const updateGroupSchema = z.strictObject({ name: groupNameSchema });
export type UpdateGroupInput = z.input<typeof updateGroupSchema>;

const groupIdSchema = z.number({ error: "Invalid group" }).int("Invalid group").min(1, "Invalid group").max(MAX_DB_INTEGER, "Invalid group");

/** A category's read or write groups: group ids, each once (repeats are dropped); empty opens it to every member. */
export const categoryGroupsSchema = z
  .array(groupIdSchema)
  .max(100, atMost("At most 100 groups"))
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
