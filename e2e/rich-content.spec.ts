import http from "node:http";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";
import { workerPort } from "./support/server";

// docs/product.md "Rich content": coloured code, emoji in colour without a system emoji font, link previews.
const SHOTS = "/tmp/rich-shots";
const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });

/** The page a link preview fetches, served on the port ONEBOX_ALLOW_HOSTS lists for this worker (e2e/support/server.ts). */
async function startPageServer(port: number) {
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 88, g: 92, b: 232 } } }).png().toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === "/image.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html><head>
      <meta property="og:title" content="Meetup notes: what we learned">
      <meta property="og:description" content="Slides, code and photos from Friday's meetup, with the questions we ran out of time for.">
      <meta property="og:site_name" content="Example Blog"><meta property="og:image" content="/image.png"></head></html>`);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const SOURCE = (url: string) => `Shipped it :tada: :+1:

\`\`\`ts
// Greets a member
function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

${url}/article`;

test("a post's code is coloured in both themes, its emoji and the reactions draw with the site's emoji font, and its link gets a preview card", { tag: "@phone" }, async ({ page }, testInfo) => {
  mkdirSync(SHOTS, { recursive: true });
  const site = await startPageServer(workerPort(testInfo.parallelIndex) + 1000);
  try {
    await registerMember(page);
    const topic = await createTopic(page, uniqueTitle(testInfo, "Rich content"));
    const created = await createPost(page, topic.id, SOURCE(site.origin));
    expect(created.html).toContain("🎉 👍");
    // The preview lands after the write; the page is told (post_edited).
    await page.goto(`/topic/${topic.id}`);
    const first = post(page, 1);
    const card = first.locator("aside.onebox");
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.locator(".onebox-title")).toHaveText("Meetup notes: what we learned");
    await expect(card.locator(".onebox-site")).toHaveText("Example Blog");
    await expect(card.locator("img.onebox-image")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(await card.locator("img.onebox-image").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // Emoji draw with Twemoji, which the site serves: the font is loaded and first in the post's and the reactions' stacks.
    await expect.poll(() => page.evaluate(() => {
      let loaded = false;
      document.fonts.forEach((font) => (loaded ||= font.family.replace(/"/g, "") === "Twemoji" && font.status === "loaded"));
      return loaded;
    })).toBe(true);
    expect(await first.locator(".markdown p").first().evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Twemoji"?,/);
    const reactionButtons = first.getByRole("group", { name: "Reactions" });
    if (await reactionButtons.count()) expect(await reactionButtons.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Twemoji"?,/);
    expect(await page.evaluate(() => document.fonts.check('16px Twemoji', "🎉👍"))).toBe(true);

    for (const theme of ["dark", "light"]) {
      await page.evaluate((value) => document.documentElement.setAttribute("data-theme", value), theme);
      const colours = await first.locator("pre").evaluate((pre) => ({
        text: getComputedStyle(pre).color,
        keyword: getComputedStyle(pre.querySelector(".hljs-keyword")!).color,
        comment: getComputedStyle(pre.querySelector(".hljs-comment")!).color,
        string: getComputedStyle(pre.querySelector(".hljs-string")!).color,
        size: getComputedStyle(pre.querySelector("code")!).fontSize,
        lineHeight: getComputedStyle(pre.querySelector("code")!).lineHeight,
      }));
      expect(new Set([colours.text, colours.keyword, colours.comment, colours.string]).size, theme).toBe(4);
      expect(["12px", "13px"]).toContain(colours.size);
      expect(parseFloat(colours.lineHeight) / parseFloat(colours.size)).toBeCloseTo(1.5, 1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/post-${testInfo.project.name}-${theme}.png`, fullPage: true });
    }
  } finally {
    await site.close();
  }
});

test("a member types a shortcode with suggestions and picks an emoji from the picker, and the post shows both", async ({ page }, testInfo) => {
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Emoji"));
  await page.goto(`/topic/${topic.id}`);
  const box = page.getByRole("textbox", { name: "Reply" });
  await box.click();
  await box.pressSequentially("Party :ta");
  const suggestions = page.getByRole("listbox", { name: "Emoji" });
  await expect(suggestions.getByRole("option", { name: ":tada:", exact: true })).toBeVisible();
  await suggestions.getByRole("option", { name: ":tada:", exact: true }).click();
  await expect(box).toHaveValue("Party :tada: ");
  await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Emoji" }).click();
  const picker = page.getByRole("dialog", { name: "Emoji" });
  await picker.getByRole("searchbox", { name: "Search emoji" }).fill("rocket");
  await picker.getByRole("button", { name: ":rocket:" }).click();
  await expect(box).toHaveValue("Party :tada: :rocket:");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(post(page, 1)).toContainText("Party 🎉 🚀");
});
