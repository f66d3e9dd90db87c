import { describe, expect, it } from "vitest";
import { conversationName, joinNames, otherParticipants } from "./conversation-name";

const member = (id: number, username: string) => ({ id, username, avatar: null, role: "member" as const });
const participants = [member(1, "me"), member(2, "ann"), member(3, "bob"), member(4, "cy")];

describe("conversation names", () => {
  it("join names as a sentence", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["ann"])).toBe("ann");
    expect(joinNames(["ann", "bob"])).toBe("ann and bob");
    expect(joinNames(["ann", "bob", "cy"])).toBe("ann, bob and cy");
  });

  it("leave the viewer out of the others", () => {
    expect(otherParticipants({ participants }, 1).map((item) => item.username)).toEqual(["ann", "bob", "cy"]);
  });

  it("are the title when there is one, else the others' names", () => {
    expect(conversationName({ title: "Trip", participants }, 1)).toBe("Trip");
    expect(conversationName({ title: null, participants }, 3)).toBe("me, ann and cy");
    expect(conversationName({ title: null, participants: [member(1, "me")] }, 1)).toBe("You");
  });
});
