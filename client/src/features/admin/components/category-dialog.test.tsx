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

// The groups the editor offers (GET /api/admin/groups), and the calls that change something.
const GROUPS = {
  "GET /api/admin/groups": {
    body: {
      groups: [
        { id: 1, name: "staff", builtIn: true, members: [] },
        { id: 2, name: "Insiders", builtIn: false, members: [] },
      ],
    },
  },
};
const sent = <Call extends { method: string }>(calls: Call[]) => calls.filter((call) => call.method !== "GET");

const EVENTS = category({ id: 4, name: "Events", slug: "events", description: "Meetups", color: "#be123c", position: 2 });

describe("the category dialog (admin)", () => {
  it("says 'Name required' under a blank name and sends nothing", async () => {
    const calls = stubApi({ ...GROUPS });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText("Name"))).toBe("Name required"));
    expect(sent(calls)).toEqual([]);
  });

  it("says 'Color must be a hex value like #6366f1' for a colour that is not one, and sends nothing", async () => {
    const calls = stubApi({ ...GROUPS });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "Events");
    const colour = within(dialog).getByLabelText("Colour", { exact: true });
    await user.clear(colour);
    await user.type(colour, "#123");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(descriptionOf(colour)).toBe("Color must be a hex value like #6366f1"));
    expect(colour.getAttribute("aria-invalid")).toBe("true");
    expect(sent(calls)).toEqual([]);
  });

  it("previews the chip with the name typed, 'Preview' while there is none", async () => {
    stubApi({ ...GROUPS });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    expect(within(dialog).getByText("Preview")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Name"), "Events");
    expect(within(dialog).getByText("Events").getAttribute("style")).toMatch(/background-color: #6366f1/);
  });

  it("says 'Saving...' on a disabled button, Cancel off, then closes with 'Category created'", async () => {
    const answer = gate();
    const calls = stubApi({ ...GROUPS, "POST /api/admin/categories": { status: 201, body: EVENTS, until: answer.promise } });
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
    expect(sent(calls).map((call) => call.body)).toEqual([{ name: "Events", color: "#be123c", description: "Meetups", readGroups: [], writeGroups: [] }]);
    answer.open();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Category created", description: "Events" }]);
  });

  it("shows a taken name in a 'Failed to create category' toast and stays open", async () => {
    stubApi({ ...GROUPS, "POST /api/admin/categories": { status: 409, body: { message: "A category with that name already exists" } } });
    const { user } = renderWithApp(<OpenDialog />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "General");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to create category", description: "A category with that name already exists" }]));
    expect(screen.getByRole("dialog", { name: "New category" })).toBeTruthy();
  });

  it("edits a category from its values, saves the changes to it, then closes with 'Category updated'", async () => {
    const calls = stubApi({ ...GROUPS, "PATCH /api/admin/categories/4": { body: { ...EVENTS, name: "Events 2" } } });
    const { user } = renderWithApp(<OpenDialog editing={EVENTS} />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "Edit category" });
    expect(dialog.textContent).toContain("Topics in Events keep their place.");
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveProperty("value", "Events");
    await user.type(name, " 2");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent(calls).map((call) => call.body)).toEqual([{ name: "Events 2", color: "#be123c", description: "Meetups", readGroups: [], writeGroups: [] }]);
    expect(toastMessages()).toEqual([{ title: "Category updated", description: "Events 2" }]);
  });
  it("opens a category to the groups ticked under 'Who can read' and 'Who can post'; none ticked is every member", async () => {
    const calls = stubApi({ ...GROUPS, "PATCH /api/admin/categories/4": { body: { ...EVENTS, readGroups: [2], writeGroups: [1] } } });
    const { user } = renderWithApp(<OpenDialog editing={EVENTS} />, { path: "/admin" });
    const dialog = screen.getByRole("dialog", { name: "Edit category" });
    const read = within(dialog).getByRole("group", { name: "Who can read" });
    const post = within(dialog).getByRole("group", { name: "Who can post" });
    expect(within(read).getByText("Every member.")).toBeTruthy();
    await user.click(await within(read).findByRole("checkbox", { name: "Insiders" }));
    await user.click(within(post).getByRole("checkbox", { name: "staff" }));
    expect(within(read).getByText("Only the groups ticked (staff always can).")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(sent(calls).map((call) => call.body)).toEqual([{ name: "Events", color: "#be123c", description: "Meetups", readGroups: [2], writeGroups: [1] }]));
  });
});
