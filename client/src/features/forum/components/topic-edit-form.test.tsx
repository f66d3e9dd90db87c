// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { category, topic } from "@/test/fixtures";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { TopicEditForm } from "./topic-edit-form";

const EDITED = topic({ title: "Typo in teh title", description: "Old words", categoryId: 2, tags: ["draft", "keep"] });

function renderForm(save?: StubbedAnswer) {
  const onDone = vi.fn();
  const calls = stubApi({
    "GET /api/categories": { body: { categories: [category(), category({ id: 2, name: "Ideas", slug: "ideas", position: 2 })] } },
    "GET /api/tags": { body: { tags: [] } },
    ...(save && { "PATCH /api/topics/31": save }),
  });
  const rendered = renderWithApp(<TopicEditForm topic={EDITED} onDone={onDone} />, { path: "/topic/31" });
  const form = screen.getByRole("form", { name: "Edit topic" });
  return { ...rendered, onDone, form, title: within(form).getByLabelText("Title"), saves: () => calls.filter((call) => call.method === "PATCH") };
}

describe("editing a topic in place", () => {
  it("starts from the topic as it is: title, description, category and tags", async () => {
    const { form, title } = renderForm();
    expect(title).toHaveProperty("value", "Typo in teh title");
    expect(within(form).getByLabelText("Description")).toHaveProperty("value", "Old words");
    await waitFor(() => expect(within(form).getByRole("combobox", { name: "Category" })).toHaveProperty("value", "2"));
    expect(within(form).getAllByRole("button", { name: /^Remove tag / }).map((button) => button.getAttribute("aria-label"))).toEqual([
      "Remove tag draft",
      "Remove tag keep",
    ]);
  });

  it("says 'Title required' under a blank title and sends nothing", async () => {
    const { user, form, title, saves, onDone } = renderForm();
    await user.clear(title);
    await user.type(title, " ");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(descriptionOf(title)).toBe("Title required"));
    expect(saves()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("says 'Saving...' on a disabled button, Cancel off, and is done once the server has the changes", async () => {
    const answer = gate();
    const { user, form, title, saves, onDone } = renderForm({ body: topic({ title: "Fixed title" }), until: answer.promise });
    await user.clear(title);
    await user.type(title, "Fixed title");
    await user.click(within(form).getByRole("button", { name: "Remove tag draft" }));
    await user.type(within(form).getByRole("combobox", { name: "Tags" }), "final{Enter}");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect(await within(form).findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    expect(within(form).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(saves().map((call) => call.body)).toEqual([{ title: "Fixed title", description: "Old words", categoryId: 2, tags: ["keep", "final"] }]);
    answer.open();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it("shows a refusal in a 'Failed to update topic' toast and stays open with the text", async () => {
    const { user, form, title, onDone } = renderForm({ status: 403, body: { message: "Topic is locked" } });
    await user.type(title, "!");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to update topic", description: "Topic is locked" }]));
    expect(title).toHaveProperty("value", "Typo in teh title!");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("leaves on Escape without sending anything", async () => {
    const { user, title, saves, onDone } = renderForm();
    await user.type(title, "{Escape}");
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(saves()).toEqual([]);
  });
});
