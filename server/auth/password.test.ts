import { describe, expect, it } from "vitest";
import { passwordSchema } from "@shared/schemas/fields";
import { generateTemporaryPassword, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("counts every character of a 128-character password, past bcrypt's 72 bytes", async () => {
    const password = "Aa1" + "x".repeat(124) + "y";
    const hash = await hashPassword(password, 10);
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(password.slice(0, -1) + "z", hash)).toBe(false);
  });

  it("makes temporary passwords that meet the registration rules", () => {
    for (let i = 0; i < 50; i++) expect(passwordSchema.safeParse(generateTemporaryPassword()).success).toBe(true);
  });
});
