// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "@shared/types";
import { adminUser } from "@/test/fixtures";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { BanUserDialog } from "./ban-user-dialog";

const NOW = Date.parse("2025-03-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

function OpenDialog({ member }: { member: AdminUser }) {
  const [open, setOpen] = useState(true);
  return <BanUserDialog user={member} open={open} onOpenChange={setOpen} />;
}

const dialog = () => screen.getByRole("dialog", { name: "Ban User" });
const reason = () => within(dialog()).getByLabelText("Reason");
const banButton = () => within(dialog()).getByRole("button", { name: "Ban User" });

describe("the Ban User dialog", () => {
  // The expiry is now plus the chosen days: a fixed now (timers stay real for the user's events).
  beforeEach(() => vi.spyOn(Date, "now").mockReturnValue(NOW));
  afterEach(() => vi.restoreAllMocks());

  it("says 'Ban reason is required' under a blank reason, stays open and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.click(banButton());

    await waitFor(() => expect(descriptionOf(reason())).toBe("Ban reason is required"));
    expect(dialog().isConnected).toBe(true);
    expect(calls).toEqual([]);
  });

  it("counts the reason towards its 500 characters from the first one", async () => {
    stubApi({});
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    expect(within(dialog()).getByText("0/500")).toBeTruthy();
    await user.type(reason(), "Spam");
    expect(within(dialog()).getByText("4/500")).toBeTruthy();
  });

  it("offers an administrator 1 day to Permanent, 1 day chosen, and says when the ban ends", async () => {
    stubApi({});
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    const durations = within(dialog()).getAllByRole("radio");
    expect(durations.map((radio) => radio.parentElement?.textContent)).toEqual(["1 day", "3 days", "1 week", "1 month", "Permanent"]);
    expect(within(dialog()).getByRole("radio", { name: "1 day" })).toHaveProperty("checked", true);
    expect(dialog().textContent).toMatch(/Ends .+, then access returns by itself\./);

    await user.click(within(dialog()).getByRole("radio", { name: "Permanent" }));
    expect(dialog().textContent).toContain("Never ends; only an unban lifts it.");
  });

  it("offers a moderator no permanent ban and no revoking of invites", () => {
    stubApi({});
    renderWithApp(<OpenDialog member={adminUser({ canBanPermanently: false, canManageInvites: false })} />, { path: "/admin" });
    expect(within(dialog()).getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual(["1 day", "3 days", "1 week", "1 month"]);
    expect(within(dialog()).queryByRole("checkbox")).toBeNull();
  });

  it("says 'Banning...' on a disabled button while the server answers, sending the reason and the end, then closes with 'User banned'", async () => {
    const answer = gate();
    const banned = adminUser({ isBanned: true, banReason: "Spam", banExpiresAt: new Date(NOW + 7 * DAY).toISOString() });
    const calls = stubApi({ "POST /api/admin/users/12/ban": { body: { message: "User banned", revokedInvites: 2, user: banned }, until: answer.promise } });
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.type(reason(), "  Spam in the forum ");
    await user.click(within(dialog()).getByRole("radio", { name: "1 week" }));
    await user.click(within(dialog()).getByRole("checkbox"));
    expect(within(dialog()).getByRole("checkbox").parentElement?.textContent).toBe("Also revoke their unused invites (they cannot be used after the ban)");
    await user.click(banButton());

    expect(await within(dialog()).findByRole("button", { name: "Banning..." })).toHaveProperty("disabled", true);
    expect(calls.map((call) => call.body)).toEqual([{ reason: "Spam in the forum", expiresAt: new Date(NOW + 7 * DAY).toISOString(), revokeInvites: true }]);
    answer.open();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toastMessages()).toEqual([{ title: "User banned", description: expect.stringMatching(/^mallory is banned until .+/) }]);
  });

  it("sends a permanent ban without an end", async () => {
    const calls = stubApi({
      "POST /api/admin/users/12/ban": { body: { message: "User banned", revokedInvites: 0, user: adminUser({ isBanned: true, banReason: "Spam" }) } },
    });
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.type(reason(), "Spam");
    await user.click(within(dialog()).getByRole("radio", { name: "Permanent" }));
    await user.click(banButton());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "User banned", description: "mallory is banned permanently" }]));
    expect(calls.map((call) => call.body)).toEqual([{ reason: "Spam" }]);
  });

  it("shows a refusal in a 'Failed to ban user' toast and stays open", async () => {
    stubApi({ "POST /api/admin/users/12/ban": { status: 403, body: { message: "Administrators cannot be banned" } } });
    const { user } = renderWithApp(<OpenDialog member={adminUser()} />, { path: "/admin" });
    await user.type(reason(), "Spam");
    await user.click(banButton());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Failed to ban user", description: "Administrators cannot be banned" }]));
    expect(banButton()).toHaveProperty("disabled", false);
  });
});
