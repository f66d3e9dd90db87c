import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "@shared/constants";
import { ensureSetupInvite } from "./bootstrap";
import { invites, users } from "./db/schema";
import { createLogger } from "./logger";
import { createTestDatabase, type TestDatabase } from "./test/database";

describe("setup invite on an empty site", () => {
  let database: TestDatabase;
  const logger = createLogger({ level: "silent" });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("creates one code, logs it, and shows the same one again on the next start", async () => {
    const info = vi.spyOn(logger, "info");
    const code = await ensureSetupInvite(database.db, logger);
    expect(code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`));
    expect(info).toHaveBeenCalledWith(`Setup invite code: ${code} (the first account registered becomes an administrator)`);
    expect(await ensureSetupInvite(database.db, logger)).toBe(code);
    expect(await database.db.select().from(invites)).toHaveLength(1);
  });

  it("does not reuse an expired invite", async () => {
    await database.db.delete(invites);
    await database.db.insert(invites).values({ code: "EXPRDCDE2345", expiresAt: new Date(Date.now() - 1000) });
    const code = await ensureSetupInvite(database.db, logger);
    expect(code).not.toBe("EXPRDCDE2345");
  });

  it("does nothing once someone has registered", async () => {
    await database.db.insert(users).values({ username: "first", password: "h" });
    await database.db.delete(invites);
    expect(await ensureSetupInvite(database.db, logger)).toBeUndefined();
    expect(await database.db.select().from(invites)).toEqual([]);
  });
});
