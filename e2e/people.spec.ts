import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { PAGE_SIZE } from "../shared/constants";
import { confirmInDialog } from "./support/confirmation";
import { FOUNDER, registerMember, registerMembers, signIn } from "./support/members";
import { assignInvite, commentOn, currentUser, tinyPng } from "./support/people";
import { expectToast } from "./support/toasts";

// Both projects run every test against one server: every member here is new, with a unique name.

const profileInformation = (page: Page) => page.getByRole("heading", { name: "Profile Information" }).locator("xpath=../..");
const comment = (page: Page, author: string) => page.getByRole("article", { name: `Comment by ${author}` });

/** The number shown in one of the users list's summary tiles. */
async function tileValue(page: Page, label: string): Promise<number> {
  const tile = page.getByRole("region", { name: "Community statistics" }).locator("dl").filter({ hasText: label });
  const text = (await tile.locator("dd").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

async function expectCurrentPage(page: Page, number: number) {
  await expect(page.getByRole("button", { name: `Page ${number}`, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: /^Page \d+$/ }).and(page.locator("[aria-current=page]"))).toHaveCount(1);
}

const memberRows = (page: Page): Locator => page.getByRole("list", { name: "Members" }).getByRole("listitem");

test.describe("the dashboard", () => {
  test("a member changes their avatar, sees it on their profile, and removes it", async ({ page }) => {
    const member = await registerMember(page, "ava");
    await page.goto("/dashboard");
    await expect(page).toHaveTitle("Dashboard | Enclave");
    const card = profileInformation(page);
    await expect(card.getByRole("button", { name: "Remove" })).toBeDisabled();

    // (A file that is no image is refused beside the avatar before anything is sent: avatar-field.test.tsx.)
    await page.getByLabel("Avatar image").setInputFiles(tinyPng());
    await expectToast(page, "Avatar updated", "Your new avatar is shown across the site");
    await expect(card.getByRole("alert")).toHaveCount(0);
    const avatar = card.locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.png$/);
    const src = (await avatar.getAttribute("src"))!;
    expect((await page.request.get(src)).headers()["content-type"]).toContain("image/png");

    // The profile (and the members' lists) show the new avatar.
    await page.goto(`/user/${member.username}`);
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
    await expect(page.locator(`main img[src="${src}"]`).first()).toBeVisible();

    await page.goto("/dashboard");
    await profileInformation(page).getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Avatar removed", "Your initial is shown instead");
    await expect(profileInformation(page).locator("img")).toHaveCount(0);
    await expect(profileInformation(page).getByRole("button", { name: "Remove" })).toBeDisabled();
    // The file that is no longer anyone's avatar is gone.
    await expect.poll(async () => (await page.request.get(src)).status()).toBe(404);
  });

  test("contact information is saved and shown on the profile as links, without the email", async ({ page }) => {
    const member = await registerMember(page, "con");
    await page.goto("/dashboard");
    const form = page.getByRole("heading", { name: "Contact Information" }).locator("xpath=../..");

    // (A rule broken in the form is shown by its field and nothing is saved: contact-info-form.test.tsx.)
    await form.getByLabel("Bio").fill("Plays the cello. Likes long walks.");
    await form.getByLabel("Location").fill("Lisbon, Portugal");
    await form.getByLabel("Website").fill("https://example.org/me");
    await form.getByLabel("Email").fill(`${member.username}@example.org`);
    await form.getByLabel("Twitter").fill("@tw_handle");
    await form.getByLabel("GitHub").fill("gh-handle");
    await form.getByLabel("Discord").fill("disco.rd");
    await form.getByLabel("Telegram").fill("@tg_handle");
    await form.getByRole("button", { name: "Save Changes" }).click();
    // Setting the email is a sensitive change: the password first, then the save carries on.
    await confirmInDialog(page, member.password);
    await expectToast(page, "Profile updated", "Your contact information has been saved");
    await expect(form.getByLabel("Twitter")).toHaveValue("tw_handle"); // as stored, without the @

    await page.goto(`/user/${member.username}`);
    await expect(page.getByText("Plays the cello. Likes long walks.")).toBeVisible();
    await expect(page.getByText("Lisbon, Portugal")).toBeVisible();
    const website = page.getByRole("link", { name: "example.org/me", exact: true });
    await expect(website).toHaveAttribute("href", "https://example.org/me");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(page.getByRole("link", { name: "@tw_handle" })).toHaveAttribute("href", "https://x.com/tw_handle");
    await expect(page.getByRole("link", { name: "@gh-handle" })).toHaveAttribute("href", "https://github.com/gh-handle");
    await expect(page.getByRole("link", { name: "@tg_handle" })).toHaveAttribute("href", "https://t.me/tg_handle");
    await expect(page.getByText("disco.rd", { exact: true })).toBeVisible();
    await expect(page.getByText(`${member.username}@example.org`)).toHaveCount(0);

    // Someone who filled in nothing.
    const other = await registerMember(page, "emp");
    await page.goto(`/user/${other.username}`);
    await expect(page.getByText("User hasn't provided contact information")).toBeVisible();
    await expect(page.getByText("No activity", { exact: true })).toBeVisible();
    await expect(page.getByText("Nothing written yet", { exact: true })).toBeVisible();
  });

  test("a member confirms their password, changes it, sees the form clear and signs in with the new one", async ({ page }) => {
    const member = await registerMember(page, "pwd");
    await page.goto("/dashboard");
    const form = page.getByRole("heading", { name: "Change Password" }).locator("xpath=../..");
    const newPassword = "Changed-e2e-Pass2";

    // (A mismatched confirmation and a wrong current password are refused in the form: change-password-form.test.tsx.)
    await form.getByLabel("Current Password").fill(member.password);
    await form.getByLabel("New Password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm New Password").fill(newPassword);
    await form.getByRole("button", { name: "Change Password" }).click();
    // A sensitive change: confirmed first, then the change carries on.
    await confirmInDialog(page, member.password);
    await expectToast(page, "Password changed", "Your other devices have been signed out");
    await expect(form.getByLabel("Current Password")).toHaveValue("");
    await expect(form.getByLabel("New Password", { exact: true })).toHaveValue("");

    await signIn(page, { username: member.username, password: newPassword });
  });

  test("a member creates their bio card; the dashboard and profile then point to it", async ({ page }) => {
    const member = await registerMember(page, "bio");
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Create Bio Card" }).click();
    await expectToast(page, "Bio card created", "Your public card is ready for customization");
    await expect(page).toHaveURL(/\/bio$/);

    await page.goto("/dashboard");
    await expect(page.getByText("Bio card active")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`/${member.username}$`) })).toHaveAttribute("href", `/${member.username}`);
    await expect(page.getByRole("button", { name: "Create Bio Card" })).toHaveCount(0);

    await page.goto(`/user/${member.username}`);
    await expect(page.getByRole("link", { name: `Bio card of ${member.username}` })).toHaveAttribute("href", `/${member.username}`);
  });

  test("assigned invites: the banner counts the usable ones and leads to My Invites", async ({ page, request }) => {
    await registerMember(page, "inv");
    await page.goto("/dashboard");
    await expect(page.getByText("No assigned invites")).toBeVisible();
    await expect(page.getByText("You have unused invitation codes")).toHaveCount(0);

    const me = await currentUser(page);
    const codes = [await assignInvite(request, me.id), await assignInvite(request, me.id)];
    // Polled every 5 s: the banner and the table catch up without a reload.
    const banner = page.getByRole("button", { name: /You have unused invitation codes/ });
    await expect(banner).toContainText("2 invites ready to share", { timeout: 10_000 });

    const invites = page.getByRole("region", { name: "My Invites" });
    for (const code of codes) {
      const row = invites.getByRole("row").filter({ hasText: code });
      await expect(row).toContainText("-"); // not used yet
      await expect(row.getByRole("button", { name: `Copy invite code ${code}` })).toBeVisible();
    }
    await banner.click();
    await expect(invites.getByRole("heading", { name: "My Invites" })).toBeInViewport();
  });
});

test.describe("profiles", () => {
  test("a member comments on another member's profile and deletes the comment", async ({ page }) => {
    const owner = await registerMember(page, "own");
    const ownerId = (await currentUser(page)).id;
    const author = await registerMember(page, "aut");
    await page.goto(`/user/${owner.username}`);
    await expect(page).toHaveTitle(`${owner.username} | Enclave`);
    await expect(page.getByText("No comments yet")).toBeVisible();

    const box = page.getByRole("textbox", { name: "Comment" });
    // (An empty comment and one past 1000 characters are refused under the box: comment-form.test.tsx.)
    await box.fill("First! Lovely profile.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comment(page, author.username)).toContainText("First! Lovely profile.");
    await expect(box).toHaveValue("");
    await box.fill("And a second thought, see https://example.org/notes");
    await box.press("Control+Enter");
    // Newest first, with the author's name linking to their profile.
    await expect(comment(page, author.username)).toHaveCount(2);
    await expect(comment(page, author.username).first()).toContainText("And a second thought");
    await expect(comment(page, author.username).first().getByRole("link", { name: author.username })).toHaveAttribute("href", `/user/${author.username}`);

    await comment(page, author.username).first().getByRole("button", { name: "Delete comment" }).click();
    const confirmation = page.getByRole("dialog", { name: "Delete this comment?" });
    await confirmation.getByRole("button", { name: "Delete comment" }).click();
    await expect(confirmation).toBeHidden();
    await expect(comment(page, author.username)).toHaveCount(1);
    await page.reload();
    await expect(comment(page, author.username)).toHaveCount(1);
    await expect(comment(page, author.username)).toContainText("First! Lovely profile.");

    // The author's activity lists the comment.
    await page.goto(`/user/${author.username}`);
    await expect(page.getByRole("list", { name: "Activity" })).toContainText(`Commented on ${owner.username}'s profile`);

    // Someone else may not delete it; the profile's owner may.
    await registerMember(page, "oth");
    await page.goto(`/user/${owner.username}`);
    await expect(comment(page, author.username).getByRole("button", { name: "Delete comment" })).toHaveCount(0);
    await signIn(page, owner);
    await commentOn(page, ownerId, "Thanks, everyone!");
    await page.reload();
    await comment(page, author.username).getByRole("button", { name: "Delete comment" }).click();
    await page.getByRole("dialog", { name: "Delete this comment?" }).getByRole("button", { name: "Delete comment" }).click();
    await expect(comment(page, author.username)).toHaveCount(0);
    await expect(comment(page, owner.username)).toContainText("Thanks, everyone!");
  });

  test("the header shows the member's facts and badges, and a missing member shows User Not Found", { tag: "@phone" }, async ({ page }) => {
    const member = await registerMember(page, "hdr");
    const me = await currentUser(page);
    await page.goto(`/user/${FOUNDER.username}`);
    await expect(page.getByRole("heading", { level: 1, name: FOUNDER.username })).toBeVisible();
    const header = page.getByRole("main");
    await expect(header).toContainText("UID 1");
    await expect(header).toContainText("Admin");
    await expect(header.getByRole("img", { name: /^(Online|Offline)$/ })).toBeVisible();
    const owner = header.getByRole("list", { name: "Badges" }).getByText("Owner", { exact: true });
    await expect(owner).toBeVisible();
    await expect(owner).toHaveAccessibleDescription(/Service owner/);
    // The badge's tooltip: shown on hover (a tap on touch screens) and on focus, closed by Escape.
    const tooltip = page.getByRole("tooltip");
    if (test.info().project.use.hasTouch) await owner.tap();
    else await owner.hover();
    await expect(tooltip).toContainText("Service owner");
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
    await owner.blur();
    await owner.focus();
    await expect(tooltip).toContainText("Service owner");
    await expect(owner).toHaveAccessibleDescription(/Service owner/);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);

    await page.goto(`/user/${member.username}`);
    const mine = page.getByRole("main");
    await expect(mine).toContainText(`UID ${me.id}`);
    await expect(mine).toContainText("0 topics");
    await expect(mine).toContainText("0 posts");
    await expect(mine).toContainText(/Joined [A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(mine).toContainText("Invited by System"); // registered with a code from the operator CLI
    await expect(mine.getByRole("link", { name: /^Bio card of/ })).toHaveCount(0);

    for (const path of ["/user/nobody-here-xyz", "/user/no%20such%20user"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
      await expect(page.getByText("The user profile you're looking for doesn't exist.")).toBeVisible();
      await expect(page).toHaveTitle("User Not Found | Enclave");
    }
  });
});

test.describe("the members list", () => {
  test("pages through the members, ten at a time, with numbered buttons, Previous and Next", async ({ page, request }) => {
    // 25 invite codes from the operator CLI (a process each) before the test proper starts.
    test.setTimeout(90_000);
    const created = await registerMembers(request, 25);
    await signIn(page, created[0]!);
    await page.goto("/userlist");
    await expect(page).toHaveTitle("Users | Enclave");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Community Members" })).toBeVisible();
    await expect(memberRows(page)).toHaveCount(PAGE_SIZE);

    const total = await tileValue(page, "Total Users");
    expect(total).toBeGreaterThanOrEqual(26);
    await expect(page.getByText(`${total.toLocaleString("en-US")} members in the community`)).toBeVisible();
    expect(await tileValue(page, "Admins")).toBeGreaterThanOrEqual(1);
    const totalPages = Math.ceil(total / PAGE_SIZE);

    // Page 1: the founder comes first, an admin; at most five page buttons.
    const founderRow = memberRows(page).first();
    await expect(founderRow.getByRole("link", { name: FOUNDER.username, exact: true })).toHaveAttribute("href", `/user/${FOUNDER.username}`);
    await expect(founderRow).toContainText("Admin");
    await expect(page.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(Math.min(5, totalPages));
    await expectCurrentPage(page, 1);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/userlist\?page=2$/);
    await expectCurrentPage(page, 2);
    await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
    await expect(memberRows(page)).toHaveCount(PAGE_SIZE);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectCurrentPage(page, 1);
    await page.getByRole("button", { name: "Page 3", exact: true }).click();
    await expectCurrentPage(page, 3);

    // The last page holds the newest members and ends the list.
    await page.goto(`/userlist?page=${totalPages}`);
    await expectCurrentPage(page, totalPages);
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await expect(memberRows(page)).toHaveCount(total - (totalPages - 1) * PAGE_SIZE);
    const newest = created.at(-1)!;
    const row = memberRows(page).filter({ hasText: newest.username });
    await expect(row).toContainText("0 posts");
    await expect(row).toContainText(/Invited by/);
    if (totalPages >= 5) await expect(page.getByRole("button", { name: `Page ${totalPages - 4}`, exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Previous" }).click();
    await expectCurrentPage(page, totalPages - 1);
    await page.goBack();
    await expectCurrentPage(page, totalPages);
    await row.getByRole("link", { name: newest.username }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${newest.username}$`));
    await expect(page.getByRole("heading", { level: 1, name: newest.username })).toBeVisible();
  });
});
