import type { Db } from "../db/client";
import { forbidden, notFound, type HttpError } from "../errors";
import { canReadCategory, canWriteCategory, type CategoryGroups, type CategoryReader } from "../policies/category-access";
import { findPostCategoryGroups, findTopicCategoryGroups } from "../queries/category-access";

/** The 403 of a member who reads a category but may not start topics or reply in it. */
export const CANNOT_POST_HERE = "You cannot post in this category";

/**
 * The gates of the routes that name a topic or a post (docs/product.md "Groups and closed
 * categories"): one the reader may not read is not found (404, with the route's own message), one
 * they read but may not write in is 403. The decision is the policy's (policies/category-access.ts).
 */
export function refuseUnreadable(reader: CategoryReader, groups: CategoryGroups | undefined, message: string, missing: (message: string) => HttpError = notFound): CategoryGroups {
  if (!groups || !canReadCategory(reader, groups)) throw missing(message);
  return groups;
}

/** `missing`: how a category or topic the reader may not read is refused (404; 400 for a category named in a body). */
export function refuseUnwritable(reader: CategoryReader, groups: CategoryGroups | undefined, message: string, missing: (message: string) => HttpError = notFound): void {
  if (!canWriteCategory(reader, refuseUnreadable(reader, groups, message, missing))) throw forbidden(CANNOT_POST_HERE);
}

export async function readableTopicOr404(db: Db, reader: CategoryReader, topicId: number, message: string): Promise<CategoryGroups> {
  return refuseUnreadable(reader, await findTopicCategoryGroups(db, topicId), message);
}

export async function readablePostOr404(db: Db, reader: CategoryReader, postId: number, message: string): Promise<CategoryGroups> {
  return refuseUnreadable(reader, await findPostCategoryGroups(db, postId), message);
}

export async function writableTopicOr403(db: Db, reader: CategoryReader, topicId: number, message: string): Promise<void> {
  refuseUnwritable(reader, await findTopicCategoryGroups(db, topicId), message);
}

export async function writablePostOr403(db: Db, reader: CategoryReader, postId: number, message: string): Promise<void> {
  refuseUnwritable(reader, await findPostCategoryGroups(db, postId), message);
}
