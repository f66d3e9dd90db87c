// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { AdminUser } from "@shared/types";
import { adminUser } from "@/test/fixtures";
import { gate, stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { DeleteUserDialog } from "./delete-user-dialog";

function OpenDialog({ member }: { member: AdminUser }) {
  const [open, setOpen] = useState(true);
  return <DeleteUserDialog user={member} open={open} onOpenChange={setOpen} />;
}

const dialog = () => screen.getByRole("dialog", { name: "Delete User" });
const radio = (name: RegExp) => within(dialog()).getByRole("radio", { name });
const deletion = (content: string, status: "deleting" | "done") => ({
  userId: 12,
  username: "mallory",
  content,
  status,
  postsDone: status === "done" ? 3 : 1,
  postsTotal: 3,
  startedAt: "2025-03-01T12:00:00.000Z",
  finishedAt: status === "done" ? "2025-03-01T12:00:01.000Z" : null,
});

describe("the Delete User dialog", () => {
  it("offers anonymize, erase (chosen at first) and purge, each saying what stays and what goes", async () => {
    stubApi({});
    renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    expect(within(dialog()).getAllByRole("radio")).toHaveLength(3);
    expect(radio(/^Erase/)).toHaveProperty("checked", true);
    expect(radio(/Keep, credited to Deleted member/).closest("label")!.textContent).toContain(
      "Their topics, posts, comments and messages stay, credited to Deleted member.",
    );
    expect(radio(/^Erase/).closest("label")!.textContent).toContain("A topic of theirs that others replied to stays with its title, its opening text replaced by [deleted], and every reply kept");
    expect(radio(/Purge/).closest("label")!.textContent).toContain("their topics go with every reply in them, other members' replies included. For spam.");
    expect(dialog().textContent).toContain("What other members wrote stays: their replies, comments and messages, and their post counts.");
    expect(dialog().textContent).toContain("What they wrote (3 posts, their topics, comments and messages)");
    const always = within(dialog()).getByRole("list", { name: "Deleted in any case" });
    expect(within(always).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "The comments on their profile",
      "Their badges",
      "Their bio card and its links",
      "The files they uploaded that no remaining text shows",
      "Unused invites given to them",
    ]);
  });

  it("warns under purge that other members' replies go too", async () => {
    stubApi({});
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.click(radio(/Purge/));
    expect(dialog().textContent).toContain("Other members' replies in their topics go too.");
    expect(dialog().textContent).not.toContain("What other members wrote stays");
  });

  it("sends the chosen mode, turns the choice off while the server answers, then shows what went", async () => {
    const answer = gate();
    const calls = stubApi({
      "DELETE /api/admin/users/12": {
        body: { message: "User deleted", content: "anonymize", deletedData: { posts: 0, topics: 0, comments: 1, messages: 0 } },
        until: answer.promise,
      },
      "GET /api/admin/users/12/deletion": { body: deletion("anonymize", "done") },
      "GET /api/admin/users": { body: { users: [], total: 0, page: 1, totalPages: 1 } },
      "GET /api/admin/actions": { body: [] },
    });
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.click(radio(/Keep, credited to Deleted member/));
    await user.click(within(dialog()).getByRole("button", { name: "Delete User" }));

    expect(await within(dialog()).findByRole("button", { name: "Deleting..." })).toHaveProperty("disabled", true);
    expect(radio(/Purge/).closest("fieldset")).toHaveProperty("disabled", true);
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.body)).toEqual([{ content: "anonymize" }]);
    answer.open();

    const done = await screen.findByRole("dialog", { name: "User deleted" });
    expect(done.textContent).toContain("What they wrote stays, credited to Deleted member.");
    await waitFor(() => expect(within(done).getAllByRole("definition").map((count) => count.textContent)).toEqual(["0", "0", "1", "0"]));
  });

  it("shows an anonymize in progress as posts credited to Deleted member", async () => {
    stubApi({
      "DELETE /api/admin/users/12": { body: { message: "User deleted", content: "anonymize", deletedData: { posts: 0, topics: 0, comments: 0, messages: 0 } } },
      "GET /api/admin/users/12/deletion": { body: deletion("anonymize", "deleting") },
      "GET /api/admin/users": { body: { users: [], total: 0, page: 1, totalPages: 1 } },
      "GET /api/admin/actions": { body: [] },
    });
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.click(radio(/Keep, credited to Deleted member/));
    await user.click(within(dialog()).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("Crediting 1 of 3 posts to Deleted member")).toBeTruthy();
  });
});
