import { describe, expect, it } from "vitest";
import { emptyListText } from "./topic-list-text";

describe("emptyListText", () => {
  it("names the tab that is empty", () => {
    expect(emptyListText({ filter: "latest", period: "month" }).title).toBe("No topics yet");
    expect(emptyListText({ filter: "new", period: "month" }).title).toBe("No new topics");
    expect(emptyListText({ filter: "unread", period: "month" }).title).toBe("Nothing unread");
  });

  it("names Top's period", () => {
    expect(emptyListText({ filter: "top", period: "week" }).title).toBe("No topics with posts this week");
    expect(emptyListText({ filter: "top", period: "all" }).title).toBe("No topics with posts yet");
  });

  it("names the category (by its name when known) and the tag", () => {
    expect(emptyListText({ filter: "latest", period: "month", category: "show-tell" }, "Show & Tell").title).toBe("No topics in Show & Tell yet");
    expect(emptyListText({ filter: "unread", period: "month", category: "help", tag: "rust" }).title).toBe("Nothing unread in help tagged #rust");
  });
});
