// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FLAG_ALREADY_OPEN, FLAGS_PER_DAY_REACHED } from "@shared/flags";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { FlagDialog } from "./flag-dialog";

function OpenDialog({ targetType, targetId, name }: { targetType: "post" | "card"; targetId: number | string; name?: string }) {
  const [open, setOpen] = useState(true);
  return <FlagDialog targetType={targetType} targetId={targetId} name={name} open={open} onOpenChange={setOpen} />;
}

function renderFlag(answer?: StubbedAnswer, target: { targetType: "post" | "card"; targetId: number | string; name?: string } = { targetType: "post", targetId: 101 }) {
  const calls = stubApi(answer ? { "POST /api/flags": answer } : {});
  const rendered = renderWithApp(<OpenDialog {...target} />, { path: "/topic/31" });
  return { ...rendered, sent: () => calls.filter((call) => call.method === "POST") };
}

const dialog = () => screen.getByRole("dialog", { name: "Flag this post" });
const flag = () => within(dialog()).getByRole("button", { name: "Flag" });

describe("the flag dialog", () => {
  it("offers the four reasons, Spam chosen, and a note that is optional", () => {
    renderFlag();
    const reasons = within(dialog()).getAllByRole("radio");
    expect(reasons.map((reason) => reason.parentElement?.textContent)).toEqual(["Spam", "Inappropriate", "Off topic", "Something else"]);
    expect(within(dialog()).getByRole("radio", { name: "Spam" })).toHaveProperty("checked", true);
    expect(within(dialog()).getByLabelText("Note (optional)")).toBeTruthy();
  });

  it("names a card by its owner", () => {
    renderFlag(undefined, { targetType: "card", targetId: "bob", name: "@bob's card" });
    expect(screen.getByRole("dialog", { name: "Flag @bob's card" })).toBeTruthy();
  });

  it("needs a note for 'Something else': 'Say what is wrong' under it, and nothing is sent", async () => {
    const { user, sent } = renderFlag();
    await user.click(within(dialog()).getByRole("radio", { name: "Something else" }));
    const note = within(dialog()).getByLabelText("Note (required)");
    await user.click(flag());

    await waitFor(() => expect(descriptionOf(note)).toBe("Say what is wrong"));
    expect(sent()).toEqual([]);
  });

  it("says 'Flagging...' on a disabled button, Cancel off, then closes with a 'Flagged' toast", async () => {
    const answer = gate();
    const { user, sent } = renderFlag({ status: 201, body: { message: "Flagged" }, until: answer.promise });
    await user.click(within(dialog()).getByRole("radio", { name: "Off topic" }));
    await user.type(within(dialog()).getByLabelText("Note (optional)"), " Wrong forum ");
    await user.click(flag());

    expect(await within(dialog()).findByRole("button", { name: "Flagging..." })).toHaveProperty("disabled", true);
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(sent().map((call) => call.body)).toEqual([{ targetType: "post", targetId: 101, reason: "off_topic", note: "Wrong forum" }]);
    answer.open();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Flagged", description: "Thank you. Staff will review it." }]);
  });

  it("sends no note when none was written", async () => {
    const { user, sent } = renderFlag({ status: 201, body: { message: "Flagged" } });
    await user.click(flag());
    await waitFor(() => expect(sent().map((call) => call.body)).toEqual([{ targetType: "post", targetId: 101, reason: "spam" }]));
  });

  it("takes a flag found already open (409) as flagged: the dialog closes with a toast, no error", async () => {
    const { user } = renderFlag({ status: 409, body: { message: FLAG_ALREADY_OPEN } });
    await user.click(flag());

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Flagged", description: "You had already flagged this. Staff will review it." }]);
  });

  it("says the day's limit in the dialog", async () => {
    const { user } = renderFlag({ status: 429, body: { message: FLAGS_PER_DAY_REACHED } });
    await user.click(flag());
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("You may flag 20 times a day");
  });
});
