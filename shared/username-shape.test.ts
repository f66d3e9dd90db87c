import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RESERVED_USERNAMES, USERNAME_PATTERN } from "./constants";
import { mentionedUsernames } from "./mentions";
import { publicCardUsername } from "./public-card-path";
import { usernameSchema } from "./schemas/fields";

/** Names of username characters only, and of those and a few others, around the 3-20 length limits. */
const usernameCharacters = ["a", "Z", "0", "9", "_", "-"];
const names = fc.oneof(
  fc.string({ unit: fc.constantFrom(...usernameCharacters), maxLength: 24, size: "max" }),
  fc.string({ unit: fc.constantFrom(...usernameCharacters, ".", "!", "é", "@"), maxLength: 24, size: "max" }),
);
const reserved = (name: string) => (RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase());

describe("the username shape, written once in shared/constants.ts", () => {
  it("is the same for registration, the card's path and mentions", () => {
    fc.assert(
      fc.property(names, (name) => {
        fc.pre(!reserved(name));
        const shaped = USERNAME_PATTERN.test(name);
        expect(usernameSchema.safeParse(name).success).toBe(shaped);
        expect(publicCardUsername(`/${name}`)).toBe(shaped ? name : undefined);
        expect(mentionedUsernames(`hi @${name} there`)).toEqual(shaped ? [name.toLowerCase()] : expect.not.arrayContaining([name.toLowerCase()]));
      }),
      { numRuns: 500 },
    );
  });
});
