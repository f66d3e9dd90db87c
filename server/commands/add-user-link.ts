import { count, eq } from "drizzle-orm";
import { MAX_LINKS_PER_USER } from "@shared/constants";
import type { UserLinkCreateData } from "@shared/schemas/bio";
import type { Db } from "../db/client";
import { userLinks, users } from "../db/schema";
import { badRequest } from "../errors";
import { claimOwnUpload } from "../uploads/ownership";
import { storedWindow } from "./link-window";

/** POST /api/user/links: adds a link to the member's card, up to MAX_LINKS_PER_USER. */
export async function addUserLink(db: Db, userId: number, link: UserLinkCreateData) {
  await claimOwnUpload(db, userId, link.iconUrl, "iconUrl");
  return db.transaction(async (tx) => {
    // Counted under a lock on the member's row, so parallel adds wait their turn and cannot pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ existing }] = (await tx.select({ existing: count() }).from(userLinks).where(eq(userLinks.userId, userId))) as [{ existing: number }];
    if (existing >= MAX_LINKS_PER_USER) throw badRequest(`You can have at most ${MAX_LINKS_PER_USER} links`);
    const [row] = await tx
      .insert(userLinks)
      .values({ ...storedWindow(link), iconName: link.iconName ?? null, iconUrl: link.iconUrl || null, userId })
      .returning();
    return row!;
  });
}
