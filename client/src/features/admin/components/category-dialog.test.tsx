// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Category } from "@shared/types";
import { category } from "@/test/fixtures";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { CategoryDialog } from "./category-dialog";

function OpenDialog({ editing }: { editing?: Category }) {
  const [open, setOpen] = useState(true);
  return <CategoryDialog open={open} onOpenChange={setOpen} category={editing} />;
}

const EVENTS = category({ id: 4, name: "Events", slug: "events", description: "Meetups", color: "#be123c", position: 2 });

describe("the category dialog (admin)", () => {
  it("says 'Name required' under a blank name and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText("Name"))).toBe("Name required"));
    expect(calls).toEqual([]);
  });

  it("says 'Color must be a hex value like #6366f1' for a colour that is not one, and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "Events");
    const colour = within(dialog).getByLabelText("Colour", { exact: true });
    await user.clear(colour);
    await user.type(colour, "#123");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(descriptionOf(colour)).toBe("Color must be a hex value like #6366f1"));
    expect(colour.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("previews the chip with the name typed, 'Preview' while there is none", async () => {
    stubApi({});
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    expect(within(dialog).getByText("Preview")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Name"), "Events");
    expect(within(dialog).getByText("Events").getAttribute("style")).toMatch(/background-color: #6366f1/);
  });

  it("says 'Saving...' on a disabled button, Cancel off, then closes with 'Category created'", async () => {
    const answer = gate();
    const calls = stubApi({ "POST /api/admin/categories": { status: 201, body: EVENTS, until: answer.promise } });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), " Events ");
    const colour = within(dialog).getByLabelText("Colour", { exact: true });
    await user.clear(colour);
    await user.type(colour, "#BE123C");
    await user.type(within(dialog).getByLabelText("Description"), "Meetups");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    expect(await within(dialog).findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(calls.map((call) => call.body)).toEqual([{ name: "Events", color: "#be123c", description: "Meetups" }]);
    answer.open();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Category created", description: "Events" }]);
  });

  it("shows a taken name in a 'Failed to create category' toast and stays open", async () => {
    stubApi({ "POST /api/admin/categories": { status: 409, body: { message: "A category with that name already exists" } } });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "General");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to create category", description: "A category with that name already exists" }]));
    expect(screen.getByRole("dialog", { name: "New category" })).toBeTruthy();
  });

  it("edits a category from its values, saves the changes to it, then closes with 'Category updated'", async () => {
    const calls = stubApi({ "PATCH /api/admin/categories/4": { body: { ...EVENTS, name: "Events 2" } } });
    const { user } = renderWithApp(<OpenDialog editing={EVENTS} />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "Edit category" });
    expect(dialog.textContent).toContain("Topics in Events keep their place.");
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveProperty("value", "Events");
    await user.type(name, " 2");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([{ name: "Events 2", color: "#be123c", description: "Meetups" }]);
    expect(toastMessages()).toEqual([{ title: "Category updated", description: "Events 2" }]);
  });
});
