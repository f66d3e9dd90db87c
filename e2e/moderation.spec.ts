import { expect, test } from "./support/test";
import { currentUser, findUser } from "./support/admin";
import { createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn } from "./support/members";
import { expectToast } from "./support/toasts";

test("a moderator silences a member, who then sees the banner and a disabled composer", async ({ page, browser, baseURL }) => {
  // The founder (an administrator) makes a moderator, and there is a topic to reply to.
  const founderContext = await browser.newContext({ baseURL });
  const founderPage = await founderContext.newPage();
  await signIn(founderPage, FOUNDER);
  const topic = await createTopic(founderPage, uniqueTitle(test.info(), "Quiet please"));

  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const member = await registerMember(memberPage, "quiet");
  const { id: memberId } = await currentUser(memberPage);

  await registerMember(page, "mod");
  const { id: moderatorId } = await currentUser(page);
  const promoted = await founderPage.request.put(`/api/admin/users/${moderatorId}/role`, { data: { role: "moderator" } });
  expect(promoted.status(), await promoted.text()).toBe(200);

  // The moderator's admin area: the members table only, with Ban and Silence for a member.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Invite Codes" })).toHaveCount(0);
  const row = await findUser(page, member.username, memberId);
  const actions = page.getByRole("group", { name: `Actions for ${member.username}` });
  await expect(actions.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await actions.getByRole("button", { name: "Silence" }).click();
  const dialog = page.getByRole("dialog", { name: "Silence User" });
  await dialog.getByLabel("Reason").fill("Cooling off after a heated thread");
  await dialog.getByLabel("Days (1-365)").fill("3");
  await dialog.getByRole("button", { name: "Silence User" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "User silenced", `${member.username} is silenced until`);
  await expect(row).toContainText("Silenced until");

  // The member: the banner with the date, and the reply composer disabled with the reason.
  await memberPage.goto(`/topic/${topic.id}`);
  const banner = memberPage.locator('[data-silence-notice="banner"]');
  await expect(banner).toContainText("Your account is silenced until");
  await expect(banner).toContainText("Reason: Cooling off after a heated thread");
  const reply = memberPage.getByRole("textbox", { name: "Reply" });
  await expect(reply).toBeDisabled();
  await expect(memberPage.getByRole("button", { name: "Post Reply" })).toBeDisabled();
  await expect(memberPage.locator('[data-silence-notice="composer"]')).toContainText("so you cannot write here");

  await founderContext.close();
  await memberContext.close();
});
