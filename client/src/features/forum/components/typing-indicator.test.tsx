// @vitest-environment happy-dom
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveTopics } from "@/lib/live-topics";
import { renderWithApp } from "@/test/render";
import { TypingIndicator } from "./typing-indicator";

const typing = (username: string, topicId = 31) => act(() => liveTopics.deliver({ type: "typing", topicId, username }));
const status = () => screen.getByText((_, element) => element?.getAttribute("aria-live") === "polite").textContent;

describe("who is typing in a topic", () => {
  afterEach(() => vi.useRealTimers());

  it("names one typist, then two, then counts them, each for 5 s after their last word; other topics' typing is not shown", () => {
    vi.useFakeTimers();
    renderWithApp(<TypingIndicator topicId={31} />);
    expect(status()).toBe("");
    typing("alice");
    typing("mallory", 32);
    expect(status()).toBe("alice is typing…");
    act(() => void vi.advanceTimersByTime(3_000));
    typing("bob");
    expect(status()).toBe("alice and bob are typing…");
    typing("carol");
    expect(status()).toBe("3 people are typing…");
    act(() => void vi.advanceTimersByTime(2_000)); // alice's 5 s are up
    expect(status()).toBe("bob and carol are typing…");
    typing("bob"); // bob again: his 5 s start over
    act(() => void vi.advanceTimersByTime(3_000));
    expect(status()).toBe("bob is typing…");
    act(() => void vi.advanceTimersByTime(2_000));
    expect(status()).toBe("");
  });
});
