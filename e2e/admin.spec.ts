import { expect, test } from "./support/test";
import { currentUser, findUser, inviteRow, userAction, userRow } from "./support/admin";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { forgetInviteCodes, makeAdmin } from "./support/invite-code";
import { FOUNDER, registerMember, signIn } from "./support/members";
import { expectToast } from "./support/toasts";

test("an admin finds a member by UID, bans them for a day, unbans them and grants and removes a badge", { tag: "@phone" }, async ({ page, browser, baseURL }) => {
  // The member, in a browser of their own.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const member = await registerMember(memberPage, "ban");
  const { id: memberId } = await currentUser(memberPage);

  await signIn(page, FOUNDER);
  await page.goto("/admin");
  await expect(page).toHaveTitle("Admin | Enclave");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();

  // Found by UID (typed with spaces around it: the search is trimmed).
  const row = await findUser(page, `  ${memberId} `, memberId);
  await expect(row).toContainText(member.username);
  await expect(row).toContainText("Active");
  const actions = page.getByRole("group", { name: `Actions for ${member.username}` });

  // (A ban without a reason is refused in the dialog: ban-user-dialog.test.tsx.)
  await actions.getByRole("button", { name: "Ban" }).click();
  const banDialog = page.getByRole("dialog", { name: "Ban User" });
  const reason = `Spamming the forum (${test.info().project.name})`;
  await banDialog.getByLabel("Reason").fill(reason);
  await banDialog.getByRole("radio", { name: "1 day" }).check();
  await banDialog.getByRole("button", { name: "Ban User" }).click();
  await expect(banDialog).toBeHidden();
  await expectToast(page, "User banned", `${member.username} is banned until`);
  await expect(row).toContainText("Banned until");

  // The member sees the banned screen with the reason.
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("heading", { name: "Account Banned" })).toBeVisible();
  await expect(memberPage.getByText(reason)).toBeVisible();
  // Nothing there calls what a banned member may not use (it would answer 403).
  await expect(memberPage.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
  await expect(memberPage.getByRole("search")).toHaveCount(0);

  // Unban: the member is back.
  await actions.getByRole("button", { name: "Unban" }).click();
  await expectToast(page, "User unbanned", member.username);
  await expect(row).toContainText("Active");
  await memberPage.goto("/banned");
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  // Badges: grant Verified, then remove it.
  await (await userAction(page, member.username, "Badges")).click();
  const badgeDialog = page.getByRole("dialog", { name: "Badge Management" });
  const owned = badgeDialog.getByRole("list", { name: "Current badges" });
  await badgeDialog.getByRole("button", { name: "Grant Verified" }).click();
  await expectToast(page, "Badge granted", "Verified");
  await expect(owned.getByRole("button", { name: "Remove Verified" })).toBeVisible();
  await expect(badgeDialog.getByRole("button", { name: "Grant Verified" })).toHaveCount(0);
  // Automatic badges are read-only.
  for (const automatic of await owned.locator("li").filter({ hasText: "Automatic" }).all()) {
    await expect(automatic.getByRole("button")).toHaveCount(0);
  }

  await owned.getByRole("button", { name: "Remove Verified" }).click();
  await expectToast(page, "Badge removed", "Verified");
  await expect(badgeDialog.getByRole("button", { name: "Grant Verified" })).toBeVisible();
  await expect(owned.getByRole("button", { name: "Remove Verified" })).toHaveCount(0);
  await badgeDialog.getByRole("button", { name: "Close" }).click();
  await expect(badgeDialog).toBeHidden();

  // The audit trail tells what happened.
  const trail = page.getByRole("list", { name: "Recent admin actions" });
  await expect(trail.getByRole("listitem").filter({ hasText: `Founder banned ${member.username}` }).first()).toContainText(reason);
  await expect(trail.getByRole("listitem").filter({ hasText: `Founder unbanned ${member.username}` }).first()).toBeVisible();
  await expect(trail.getByRole("listitem").filter({ hasText: `Founder removed a badge from ${member.username}` }).first()).toContainText("Verified");

  await memberContext.close();
});

test("an admin deletes a member and sees what was deleted with them", { tag: "@phone" }, async ({ page }, testInfo) => {
  const member = await registerMember(page, "del");
  const { id: memberId } = await currentUser(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Soon gone"));
  await createPost(page, topic.id, "First reply");
  await createPost(page, topic.id, "Second reply");
  const comment = await page.request.post(`/api/users/${memberId}/comments`, { data: { content: "On my own profile" } });
  expect(comment.status(), await comment.text()).toBe(201);

  await signIn(page, FOUNDER);
  await page.goto("/admin");
  const row = await findUser(page, member.username, memberId);
  await expect(row).toContainText("2");

  await (await userAction(page, member.username, "Delete")).click();
  const dialog = page.getByRole("dialog", { name: "Delete User" });
  await expect(dialog).toContainText("What they wrote (2 posts, their topics, comments and messages)");
  // Erase is chosen at first: their words go, a topic nobody else replied to with them.
  await expect(dialog.getByRole("radio", { name: /^Erase/ })).toBeChecked();
  await expect(dialog).toContainText("A topic of theirs that others replied to stays with its title");
  await expect(dialog).toContainText("The comments on their profile");
  await expect(dialog).toContainText("Their bio card and its links");
  await dialog.getByRole("button", { name: "Delete User" }).click();

  const done = page.getByRole("dialog", { name: "User deleted" });
  await expect(done).toBeVisible();
  const counts = done.getByRole("definition");
  await expect(counts).toHaveText(["2", "1", "1", "0"]);
  await expectToast(page, "User deleted", "With 2 posts, 1 topic and 1 comment");
  await done.getByRole("button", { name: "Done" }).click();
  await expect(done).toBeHidden();

  await expect(userRow(page, memberId)).toHaveCount(0);
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Recent admin actions" }).getByRole("listitem").filter({ hasText: `Founder deleted ${member.username}` }).first(),
  ).toContainText("2 posts, 1 topics, 1 comments");
  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
});

test("an admin watches a deletion that goes on in the background until it is done", async ({ page }, testInfo) => {
  const member = await registerMember(page, "bulk");
  const { id: memberId } = await currentUser(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Bulk"));
  for (const reply of ["One", "Two", "Three", "Four"]) await createPost(page, topic.id, reply);

  await signIn(page, FOUNDER);
  // The server removes two rows a batch (playwright.config.ts), still faster than a person watches:
  // until released, the dialog's looks at the job are answered as the job stood after its first batch.
  let held = true;
  await page.route(`**/api/admin/users/${memberId}/deletion`, async (route) => {
    const response = await route.fetch();
    const job = await response.json();
    await route.fulfill({ response, json: held ? { ...job, status: "deleting", postsDone: 1, finishedAt: null } : job });
  });
  await page.goto("/admin");
  await findUser(page, member.username, memberId);
  await (await userAction(page, member.username, "Delete")).click();
  await page.getByRole("dialog", { name: "Delete User" }).getByRole("button", { name: "Delete User" }).click();

  const watching = page.getByRole("dialog", { name: `Deleting ${member.username}` });
  await expect(watching).toContainText("Deleting 1 of 4 posts");
  await expect(watching.getByRole("progressbar", { name: "Deletion progress" })).toHaveAttribute("aria-valuenow", "1");
  // Gone for everyone already, while the job goes on.
  expect((await page.request.get(`/api/topics/${topic.id}`)).status()).toBe(404);

  held = false;
  const done = page.getByRole("dialog", { name: "User deleted" });
  await expect(done).toBeVisible();
  await expect(done.getByRole("definition")).toHaveText(["4", "1", "0", "0"]); // posts, topics, comments, messages
  await done.getByRole("button", { name: "Done" }).click();
  await expect(userRow(page, memberId)).toHaveCount(0);
});

test("a member's row keeps its actions to one line at 1440 px, the rarer ones in its More menu; on phones its card holds them", { tag: "@phone" }, async ({ page }) => {
  const member = await registerMember(page, "arow");
  const { id: memberId } = await currentUser(page);
  await signIn(page, FOUNDER);
  await page.goto("/admin");
  const row = await findUser(page, member.username, memberId);
  const actions = page.getByRole("group", { name: `Actions for ${member.username}` });
  await expect(actions.getByRole("button")).toHaveText(["Ban", "Silence", "More"]);
  const tops = await actions.getByRole("button").evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(new Set(tops).size, "one line").toBe(1);
  // Inside the row (or the card), with nothing past the screen's edge.
  const [rowBox, actionsBox] = [(await row.boundingBox())!, (await actions.boundingBox())!];
  expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await userAction(page, member.username, "Role");
  const more = page.getByRole("group", { name: `More actions for ${member.username}` });
  await expect(more.getByRole("button")).toHaveText(["Role", "Invites", "Badges", "Create invite", "Delete"]);
  await page.keyboard.press("Escape");
  await expect(more).toBeHidden();
  await expect(actions.getByRole("button", { name: "More" })).toBeFocused();
});

test("an admin creates and deletes an invite, sends a wave and purges", { tag: "@phone" }, async ({ page }) => {
  await signIn(page, FOUNDER);
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "All Invite Codes" });

  await section.getByRole("button", { name: "Create invite" }).click();
  const created = await expectToast(page, "Invite created", "");
  const code = (await created.locator("p").nth(1).textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z2-9]{12}$/);
  const row = inviteRow(page, code);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Founder");

  await row.getByRole("button", { name: `Delete invite ${code}` }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete this invite?" });
  await confirmDelete.getByRole("button", { name: "Delete invite" }).click();
  await expectToast(page, "Invite deleted", code);
  await expect(inviteRow(page, code)).toHaveCount(0);

  await section.getByRole("button", { name: "Invite wave" }).click();
  await page.getByRole("dialog", { name: "Send an invite wave?" }).getByRole("button", { name: "Send invite wave" }).click();
  await expectToast(page, "Invite wave sent", "Invites created for");
  await expect(page.getByRole("region", { name: "Toast notifications" })).toContainText(/Invites created for (\d+) of \1 users/);

  await section.getByRole("button", { name: "Purge expired" }).click();
  await page.getByRole("dialog", { name: "Purge expired invites?" }).getByRole("button", { name: "Purge expired" }).click();
  await expectToast(page, "Expired invites purged", "deleted");

  await section.getByRole("button", { name: "Purge active" }).click();
  await page.getByRole("dialog", { name: "Purge active invites?" }).getByRole("button", { name: "Purge active" }).click();
  await expectToast(page, "Active invites purged", "deleted");
  forgetInviteCodes();
  await expect(section.getByText("Active", { exact: true })).toHaveCount(0);
});

test("a member who is not an admin is sent from /admin to the dashboard", async ({ page }) => {
  await registerMember(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  const response = await page.request.get("/api/admin/users");
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ message: "Administrator access required" });
});

test("an administrator without assigned invites is offered Create invite on the dashboard, and the code shows at once", async ({ page }) => {
  const admin = await registerMember(page, "adm");
  await makeAdmin(admin.username);
  await page.goto("/dashboard");
  const invites = page.getByRole("region", { name: "My Invites" });
  await expect(invites.getByText("No assigned invites")).toBeVisible();
  await expect(invites.getByRole("link", { name: "All Invite Codes" })).toHaveAttribute("href", "/admin");

  await invites.getByRole("button", { name: "Create invite" }).click();
  const created = await expectToast(page, "Invite created", admin.username);
  const code = (await created.textContent())!.match(/[A-Z0-9]{12}/)![0];
  await expect(invites.getByText(code, { exact: true })).toBeVisible();
  await expect(invites.getByText("No assigned invites")).toHaveCount(0);
});

test("a member's empty My Invites offers no way to create codes", async ({ page }) => {
  await registerMember(page, "noadm");
  await page.goto("/dashboard");
  const invites = page.getByRole("region", { name: "My Invites" });
  await expect(invites.getByText("No assigned invites")).toBeVisible();
  await expect(invites.getByRole("button", { name: "Create invite" })).toHaveCount(0);
});
