import { isStaff } from "./staff";

/**
 * Closed categories (docs/product.md "Groups and closed categories", docs/decisions/063): who may
 * read a category's topics and posts, and who may start topics and reply in it. This is the one
 * rule; the reads apply it as one SQL condition (queries/category-access.ts) built from the same
 * reader, and the kept pages are shared only between readers it gives the same answer for.
 */

/** Who reads: their role (staff read and write every category) and the groups they are in (the identity's groupIds). */
export interface CategoryReader {
  isAdmin: boolean;
  isModerator: boolean;
  groupIds: readonly number[] | null;
}

/** A category's groups: empty opens it to every member. */
export interface CategoryGroups {
  readGroups: readonly number[];
  writeGroups: readonly number[];
}

const inAny = (reader: CategoryReader, groupIds: readonly number[]) =>
  groupIds.length === 0 || groupIds.some((id) => reader.groupIds?.includes(id) ?? false);

/** Whether the reader sees the category, its topics and posts (else they are 404 to them). */
export const canReadCategory = (reader: CategoryReader, category: Pick<CategoryGroups, "readGroups">): boolean =>
  isStaff(reader) || inAny(reader, category.readGroups);

/** Whether the reader may start a topic or reply in the category (readable but not this: 403). */
export const canWriteCategory = (reader: CategoryReader, category: CategoryGroups): boolean =>
  isStaff(reader) || (inAny(reader, category.readGroups) && inAny(reader, category.writeGroups));

/**
 * What the reads need to apply the rule: whether the reader reads everything (staff), and the groups
 * they are in. A reader who is not staff and in no group reads exactly the open categories, as every
 * such reader does: the pages kept for all members are kept for them alone (`readsOpenOnly`).
 */
export interface ReadableScope {
  everything: boolean;
  groupIds: number[];
}

export function readableScope(reader: CategoryReader): ReadableScope {
  return { everything: isStaff(reader), groupIds: [...(reader.groupIds ?? [])] };
}

/** The reader reads the open categories and no closed one: they may be served what is kept for every member. */
export const readsOpenOnly = (scope: ReadableScope): boolean => !scope.everything && scope.groupIds.length === 0;

/** The scope of a member in no group: the open categories (benchmarks and scripts read as one). */
export const OPEN_ONLY_SCOPE: ReadableScope = Object.freeze({ everything: false, groupIds: [] as number[] });
