import { eq } from "drizzle-orm";
import type { UserLinkUpdateData } from "@shared/schemas/bio";
import type { Db } from "../db/client";
import { userLinks } from "../db/schema";
import { claimOwnUpload } from "../uploads/ownership";
import { storedWindow } from "./link-window";

/**
 * PATCH /api/user/links/{id}: writes the checked changes to one of the member's links, claiming its
 * icon (one of their own uploads) first. Returns the link as it now is.
 */
export async function updateUserLink(db: Db, userId: number, link: typeof userLinks.$inferSelect, values: UserLinkUpdateData) {
  await claimOwnUpload(db, userId, values.iconUrl, "iconUrl");
  const [updated] = Object.keys(values).length ? await db.update(userLinks).set(storedWindow(values)).where(eq(userLinks.id, link.id)).returning() : [link];
  return updated!;
}
