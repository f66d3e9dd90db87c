// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { category, draftAnswers, topic } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { NewTopicDialog } from "./new-topic-dialog";

const CATEGORIES = { categories: [category(), category({ id: 2, name: "Help", slug: "help", color: "#be123c", position: 2 })] };

function OpenDialog() {
  const [open, setOpen] = useState(true);
  return <NewTopicDialog open={open} setOpen={setOpen} />;
}

function renderDialog(create?: StubbedAnswer) {
  const calls = stubApi({
    ...draftAnswers("new-topic"),
    "GET /api/categories": { body: CATEGORIES },
    // The tags box suggests used tags as one types.
    "GET /api/tags": { body: { tags: [] } },
    ...(create && { "POST /api/topics": create }),
  });
  const rendered = renderWithApp(<OpenDialog />, { path: "/forum" });
  return { ...rendered, calls, creations: () => calls.filter((call) => call.method === "POST") };
}

const dialog = () => screen.getByRole("dialog", { name: "New Topic" });
const title = () => within(dialog()).getByLabelText("Title");
const create = () => within(dialog()).getByRole("button", { name: "Create Topic" });

describe("the New Topic dialog", () => {
  it("says 'Title required' under a blank title, stays open and sends nothing", async () => {
    const { user, creations } = renderDialog();
    await user.type(title(), "   ");
    await user.click(create());

    await waitFor(() => expect(descriptionOf(title())).toBe("Title required"));
    expect(title().getAttribute("aria-invalid")).toBe("true");
    expect(dialog().isConnected).toBe(true);
    expect(creations()).toEqual([]);
    expect(toastMessages()).toEqual([]);
  });

  it("counts the title near its 255 characters, keeps a longer one whole and refuses it with 'Title too long'; 255 are sent", async () => {
    const { user, creations, location } = renderDialog({ status: 201, body: topic({ id: 43, title: "x".repeat(255) }) });
    await user.click(title());
    await user.paste("x".repeat(200));
    expect(within(dialog()).queryByText(/\/255$/)).toBeNull(); // far from the limit: no counter

    await user.paste("x".repeat(56));
    expect(title()).toHaveProperty("value", "x".repeat(256));
    expect(within(dialog()).getByText("256/255")).toBeTruthy();
    await user.click(create());
    await waitFor(() => expect(descriptionOf(title())).toBe("Title too long"));
    expect(creations()).toEqual([]);
    expect(toastMessages()).toEqual([]);

    await user.type(title(), "{Backspace}");
    expect(within(dialog()).getByText("255/255")).toBeTruthy();
    await user.click(create());
    await waitFor(() => expect(location()).toBe("/topic/43"));
    expect(creations().map((call) => (call.body as { title: string }).title)).toEqual(["x".repeat(255)]);
  });

  it("files a topic under General until another category is chosen", async () => {
    renderDialog();
    const select = within(dialog()).getByRole("combobox", { name: "Category" });
    await waitFor(() => expect(select).toHaveProperty("value", "1"));
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["General", "Help"]);
  });

  it("says 'Creating...' on a disabled button, Cancel off, then opens the new topic; what was typed is sent trimmed", async () => {
    const answer = gate();
    const { user, location, creations } = renderDialog({ status: 201, body: topic({ id: 42, title: "Raised beds" }), until: answer.promise });
    await user.type(title(), "  Raised beds ");
    await user.type(within(dialog()).getByRole("textbox", { name: "Description" }), "Which wood lasts?");
    await user.selectOptions(within(dialog()).getByRole("combobox", { name: "Category" }), "Help");
    await user.type(within(dialog()).getByRole("combobox", { name: "Tags" }), "Garden{Enter}");
    await user.click(create());

    expect(await within(dialog()).findByRole("button", { name: "Creating..." })).toHaveProperty("disabled", true);
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(creations().map((call) => call.body)).toEqual([{ title: "Raised beds", description: "Which wood lasts?", categoryId: 2, tags: ["garden"] }]);
    answer.open();

    await waitFor(() => expect(location()).toBe("/topic/42"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses a tag the server would refuse, with the reason under the tags", async () => {
    const { user } = renderDialog();
    const tags = within(dialog()).getByRole("combobox", { name: "Tags" });
    await user.type(tags, "-oops{Enter}");

    expect(descriptionOf(tags)).toBe("A tag is letters, digits and dashes, starting with a letter or digit");
    expect(tags.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog()).queryByRole("button", { name: /^Remove tag/ })).toBeNull();
  });

  it("shows the server's refusal in a 'Failed to create topic' toast and keeps the dialog and its text", async () => {
    const { user, location } = renderDialog({ status: 429, body: { message: "You are posting too fast, please wait a moment" } });
    await user.type(title(), "Raised beds");
    await user.click(create());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to create topic", description: "You are posting too fast, please wait a moment" }]));
    expect(title()).toHaveProperty("value", "Raised beds");
    expect(create()).toHaveProperty("disabled", false);
    expect(location()).toBe("/forum");
  });
});
