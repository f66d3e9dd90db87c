// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Group } from "@shared/types";
import { stubApi } from "@/test/stub-api";
import { renderWithApp, toastMessages } from "@/test/render";
import { GroupManagement } from "./group-management";

const STAFF: Group = { id: 1, name: "staff", builtIn: true, members: [{ id: 9, username: "Founder", avatar: null }] };
const CREW: Group = { id: 2, name: "Crew", builtIn: false, members: [{ id: 5, username: "alice", avatar: null }] };

describe("the groups section (admin)", () => {
  it("lists the staff group from the roles, read only, and the others with their members", async () => {
    stubApi({ "GET /api/admin/groups": { body: { groups: [STAFF, CREW] } } });
    renderWithApp(<GroupManagement />, { path: "/admin" });
    const list = await screen.findByRole("list", { name: "Groups" });
    expect(within(list).getByText("Built in: the moderators and administrators, from their role")).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Rename staff" })).toBeNull();
    expect(within(list).queryByLabelText("Username to add to staff")).toBeNull();
    expect(within(list).queryByRole("button", { name: "Remove Founder from staff" })).toBeNull();
    expect(within(screen.getByRole("list", { name: "Members of Crew" })).getByText("alice")).toBeTruthy();
  });

  it("adds a member by username and removes one, saying so", async () => {
    const calls = stubApi({
      "GET /api/admin/groups": { body: { groups: [STAFF, CREW] } },
      "PUT /api/admin/groups/2/members/bob": { body: { ...CREW, members: [...CREW.members, { id: 6, username: "bob", avatar: null }] } },
      "DELETE /api/admin/groups/2/members/alice": { body: { ...CREW, members: [] } },
    });
    const { user } = renderWithApp(<GroupManagement />, { path: "/admin" });
    await user.type(await screen.findByLabelText("Username to add to Crew"), " bob ");
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(toastMessages()).toContainEqual(expect.objectContaining({ title: "Member added" })));
    await user.click(screen.getByRole("button", { name: "Remove alice from Crew" }));
    await waitFor(() => expect(calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`)).toEqual([
      "PUT /api/admin/groups/2/members/bob",
      "DELETE /api/admin/groups/2/members/alice",
    ]));
  });

  it("shows a taken name in a 'Failed to create group' toast and keeps the dialog open", async () => {
    stubApi({ "GET /api/admin/groups": { body: { groups: [STAFF] } }, "POST /api/admin/groups": { status: 409, body: { message: "A group with that name already exists" } } });
    const { user } = renderWithApp(<GroupManagement />, { path: "/admin" });
    await user.click(screen.getByRole("button", { name: "New group" }));
    const dialog = screen.getByRole("dialog", { name: "New group" });
    await user.type(within(dialog).getByLabelText("Name"), "staff");
    await user.click(within(dialog).getByRole("button", { name: "Create group" }));
    await waitFor(() => expect(toastMessages()).toContainEqual(expect.objectContaining({ title: "Failed to create group", description: "A group with that name already exists" })));
    expect(screen.getByRole("dialog", { name: "New group" })).toBeTruthy();
  });
});
