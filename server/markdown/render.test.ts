import { describe, expect, it } from "vitest";
import type { RenderContext } from "./context";
import { markdownPlainText, renderMarkdown } from "./render";
import { sanitizeRendered } from "./sanitize";

const OWN = "/uploads/0123456789abcdef0123456789abcdef.png";
const OTHERS = "/uploads/fedcba9876543210fedcba9876543210.png";
const context: RenderContext = {
  members: new Map([["alice", "Alice"]]),
  ownImages: new Map([[OWN, { width: 640, height: 480 }], ["/uploads/00000000000000000000000000000000.gif", { width: null, height: null }]]),
};
const html = (source: string) => renderMarkdown(source, context).html;

/** Every tag and attribute of the output (a crude scan: the output is the sanitizer's, well formed). */
const tagsOf = (output: string) => [...output.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]);
const ALLOWED = new Set("p br strong em del code pre blockquote ul ol li a h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td img span aside".split(" "));

const XSS_PAYLOADS = [
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x]( javascript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](&#x6A;avascript&#58;alert(1))",
  "[x](java%73cript:alert(1))",
  "[x](%6a%61%76%61script:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](vbscript:msgbox(1))",
  "[x](file:///etc/passwd)",
  "<javascript:alert(1)>",
  "<vbscript:msgbox(1)>",
  "<data:text/html,<script>alert(1)</script>>",
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "[x][ref]\n\n[ref]: data:text/html,<script>alert(1)</script>",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2Zy8+)",
  "[![x](javascript:alert(1))](javascript:alert(1))",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)><script>alert(1)</script></svg>",
  '<iframe src="https://evil.example"></iframe>',
  "<style>body{display:none}</style>",
  "<script>alert(1)</script>",
  "<div>\n<script>alert(1)</script>\n</div>",
  'inline <b onmouseover="alert(1)">bold</b> <a href="javascript:alert(1)">x</a>',
  '<p style="color:red">styled</p>',
  "<!-- comment --> <math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
  "[x](//evil.example/path)",
  "[x](/\\evil.example)",
  "![x](//evil.example/x.png)",
  "![x](https://evil.example/x.png)",
  `![x](${OTHERS})`,
  '[x](https://example.com "title\\" onclick=\\"alert(1)")',
  "```\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  "| a |\n|---|\n| <script>alert(1)</script> |",
];

describe("renderMarkdown: the sanitizer battery", () => {
  it.each(XSS_PAYLOADS)("renders %j harmlessly", (payload) => {
    const output = html(payload);
    for (const tag of tagsOf(output)) expect(ALLOWED.has(tag!), `tag ${tag} in ${output}`).toBe(true);
    expect(output).not.toMatch(/<[^>]+\son[a-z]+=/i);
    expect(output).not.toMatch(/<[^>]+\sstyle=/i);
    expect(output).not.toMatch(/<[^>]+\s(href|src)="\s*(javascript|vbscript|data|file):/i);
    expect(output).not.toMatch(/<[^>]+\s(href|src)="(\/\/|\/\\)/);
    // Nothing outside this site's uploads as an image, and not another member's upload either.
    for (const [, src] of output.matchAll(/<img [^>]*src="([^"]*)"/g)) expect(src).toBe(OWN);
  });

  it("shows raw HTML as text, never as markup", () => {
    expect(html("<b>bold</b> <script>alert(1)</script>")).toBe("<p>&lt;b&gt;bold&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
    expect(html("<div onclick=x>\nblock\n</div>")).toBe("<p>&lt;div onclick=x&gt;<br />\nblock<br />\n&lt;/div&gt;</p>\n");
  });

  it("shows an image from anywhere but the author's own uploads as a link", () => {
    expect(html(`![pic](${OTHERS})`)).toBe(`<p><a href="${OTHERS}" rel="nofollow ugc noopener">pic</a></p>\n`);
    expect(html("![pic](https://elsewhere.example/pic.png)")).toBe(
      '<p><a href="https://elsewhere.example/pic.png" rel="nofollow ugc noopener" target="_blank">pic</a></p>\n',
    );
    expect(html("![](//evil.example/pic.png)")).toBe('<p><a rel="nofollow ugc noopener">//evil.example/pic.png</a></p>\n');
  });
});

// The renderer never emits raw HTML (html: false); the allowlist behind it holds on its own.
describe("sanitizeRendered: the allowlist behind the renderer", () => {
  const clean = (dirty: string) => sanitizeRendered(dirty, context);
  it.each([
    ['<a href="javascript:alert(1)">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="//evil.example">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="/\\evil.example">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="ftp://example.com" name="n" target="_self" class="mention evil" onclick="x">x</a>', '<a rel="nofollow ugc noopener">x</a>'],
    ['<a href="https://example.com" rel="opener">x</a>', '<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">x</a>'],
    ['<img src="x" onerror="alert(1)">', ""],
    ['<img src="https://evil.example/x.png">', ""],
    [`<img src="${OTHERS}">`, ""],
    [`<img src="${OWN}" srcset="https://evil.example/x.png 2x" onload="x" style="x">`, `<img src="${OWN}" />`],
    ['<svg onload="alert(1)"><circle /></svg>text', "text"],
    ['<iframe src="https://evil.example"></iframe>after', "after"],
    ["<style>p{}</style><script>alert(1)</script>kept", "kept"],
    ['<p style="color:red" class="x" id="y">p</p>', "<p>p</p>"],
    ['<td style="text-align:right">1</td>', "<td>1</td>"],
    ['<td align="right" valign="top" style="x">1</td><th align="center">2</th><td align="left">3</td>', '<td align="right">1</td><th align="center">2</th><td align="left">3</td>'],
    ['<td align="justify">1</td><th align="RIGHT">2</th><td align="right;color:red">3</td><td align="">4</td>', "<td>1</td><th>2</th><td>3</td><td>4</td>"],
    ['<p align="center">p</p><img src="' + OWN + '" align="left">', `<p>p</p><img src="${OWN}" />`],
    ["<div><span>span</span></div><u>u</u>", "<span>span</span>u"],
    ['<span class="hljs-keyword evil" style="x" onclick="y">k</span>', '<span class="hljs-keyword">k</span>'],
    ['<span class="hljs-title function_ x_y">f</span>', '<span class="hljs-title function_">f</span>'],
    ['<code class="language-ts mention">x</code>', '<code class="language-ts">x</code>'],
    ['<aside class="onebox other"><p class="onebox-title evil">t</p></aside>', '<aside class="onebox"><p class="onebox-title">t</p></aside>'],
    ['<img class="onebox-image" src="/uploads/00000000000000000000000000000001.png">', ""],
  ])("cleans %j", (dirty, expected) => {
    expect(clean(dirty)).toBe(expected);
  });
});

describe("renderMarkdown: what Markdown becomes", () => {
  it("keeps a line break as a break, as posts written before Markdown have them", () => {
    expect(html("one\ntwo")).toBe("<p>one<br />\ntwo</p>\n");
  });

  it("renders emphasis, strikethrough as <del>, inline code and line breaks", () => {
    expect(html("**b** _i_ ~~gone~~ `x < y`  \nnext")).toBe("<p><strong>b</strong> <em>i</em> <del>gone</del> <code>x &lt; y</code><br />\nnext</p>\n");
  });

  it("renders headings, lists, quotes, rules and fenced code", () => {
    expect(html("# One\n\n> quoted\n\n- a\n- b\n\n3. c\n\n---\n\n```ts\nconst a = 1;\n```")).toBe(
      "<h1>One</h1>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n" +
        '<ol start="3">\n<li>c</li>\n</ol>\n<hr />\n<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n</code></pre>\n',
    );
  });

  it("keeps a table column's alignment as align on its th and td, never as a style", () => {
    expect(html("| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |")).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">l</th>\n<th align="center">c</th>\n<th align="right">r</th>\n<th>n</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">1</td>\n<td align="center">2</td>\n<td align="right">3</td>\n<td>4</td>\n</tr>\n</tbody>\n</table>\n',
    );
  });

  it("gives every link rel=nofollow ugc noopener, and external ones target=_blank", () => {
    expect(html("[a](https://example.com) [b](/topic/1?post=2) [c](mailto:me@example.com) <http://example.org>")).toBe(
      '<p><a href="https://example.com" rel="nofollow ugc noopener" target="_blank">a</a> ' +
        '<a href="/topic/1?post=2" rel="nofollow ugc noopener">b</a> ' +
        '<a href="mailto:me@example.com" rel="nofollow ugc noopener">c</a> ' +
        '<a href="http://example.org" rel="nofollow ugc noopener" target="_blank">http://example.org</a></p>\n',
    );
  });

  it("links plain URLs (autolinks)", () => {
    expect(html("see https://example.com/a?b=1 now")).toBe(
      '<p>see <a href="https://example.com/a?b=1" rel="nofollow ugc noopener" target="_blank">https://example.com/a?b=1</a> now</p>\n',
    );
  });

  it("links www. addresses as GFM does (with http:), but not a bare domain name", () => {
    expect(html("Visit www.commonmark.org/help, not example.com.")).toBe(
      '<p>Visit <a href="http://www.commonmark.org/help" rel="nofollow ugc noopener" target="_blank">www.commonmark.org/help</a>, not example.com.</p>\n',
    );
    expect(html("see example.com now")).toBe("<p>see example.com now</p>\n");
  });

  it("keeps no link to other schemes or relative paths that are not the site's", () => {
    expect(html("[ftp](ftp://example.com) [tel](tel:123) [rel](foo/bar)")).toBe(
      '<p><a rel="nofollow ugc noopener">ftp</a> <a rel="nofollow ugc noopener">tel</a> <a rel="nofollow ugc noopener">rel</a></p>\n',
    );
  });

  it("shows the author's own image lazily with its size, and without a size when none was recorded", () => {
    expect(html(`![me](${OWN})`)).toBe(`<p><img src="${OWN}" alt="me" loading="lazy" width="640" height="480" /></p>\n`);
    expect(html("![](/uploads/00000000000000000000000000000000.gif)")).toBe(
      '<p><img src="/uploads/00000000000000000000000000000000.gif" alt="" loading="lazy" /></p>\n',
    );
  });

  it("renders a linked image that does not show as one link: the outer link's target, the image's text", () => {
    expect(html("[![build](https://ci.example/badge.svg)](https://ci.example/job)")).toBe(
      '<p><a href="https://ci.example/job" rel="nofollow ugc noopener" target="_blank">build</a></p>\n',
    );
    expect(html(`[see ![their *pic*](${OTHERS}) here](/topic/1)`)).toBe('<p><a href="/topic/1" rel="nofollow ugc noopener">see their pic here</a></p>\n');
    // With no description and no other text, the one link reads as where it goes.
    expect(html("[![](https://ci.example/badge.svg)](https://ci.example/job)")).toBe(
      '<p><a href="https://ci.example/job" rel="nofollow ugc noopener" target="_blank">https://ci.example/job</a></p>\n',
    );
  });

  it("keeps the author's own image inside the one link it is in", () => {
    expect(html(`[![me](${OWN})](https://example.com/me)`)).toBe(
      `<p><a href="https://example.com/me" rel="nofollow ugc noopener" target="_blank"><img src="${OWN}" alt="me" loading="lazy" width="640" height="480" /></a></p>\n`,
    );
  });

  it("never puts a link inside a link: an autolink inside one is its text", () => {
    expect(html("[a <https://x.example> b](/y)")).toBe('<p><a href="/y" rel="nofollow ugc noopener">a https://x.example b</a></p>\n');
  });

  it("gives an image its description as it reads, without Markdown marks, as alt or as link text", () => {
    expect(html("![foo *bar*](/x.png)")).toBe('<p><a href="/x.png" rel="nofollow ugc noopener">foo bar</a></p>\n');
    expect(html(`![foo *bar* \\* \`code\` &amp;](${OWN})`)).toBe(
      `<p><img src="${OWN}" alt="foo bar * code &amp;" loading="lazy" width="640" height="480" /></p>\n`,
    );
  });

  it("links @username of existing members in their own spelling, not in code or inside links, not in addresses", () => {
    expect(html("@ALICE @bob `@alice` [@alice](/x) mail@alice")).toBe(
      '<p><a href="/user/Alice" class="mention" rel="nofollow ugc noopener">@ALICE</a> @bob <code>@alice</code> ' +
        '<a href="/x" rel="nofollow ugc noopener">@alice</a> mail@alice</p>\n',
    );
    expect(html("```\n@alice\n```")).toBe("<pre><code>@alice\n</code></pre>\n");
  });

  it("keeps no class but mention, even on a link that names it", () => {
    expect(html('[x](/user/x "t")')).toBe('<p><a href="/user/x" rel="nofollow ugc noopener">x</a></p>\n');
  });
});

describe("plain text", () => {
  it("is the text without Markdown marks, a line per block", () => {
    expect(markdownPlainText("# Title\n\n**bold** and _it_ with `code` and [a link](https://x.example) ~~old~~\n\n> quote\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nfenced\n```\n\n![alt text](/uploads/x.png)")).toBe(
      "Title\nbold and it with code and a link old\nquote\none\ntwo\na b\n1 2\nfenced\nalt text",
    );
  });

  it("reads an image's description and a link's text without their marks", () => {
    expect(markdownPlainText("![foo *bar*](/x.png) [a ![b _c_](https://x.example/i.png) d](/l)")).toBe("foo bar a b c d");
  });

  it("keeps raw HTML as the text it is shown as", () => {
    expect(renderMarkdown("<b>x</b> & y").text).toBe("<b>x</b> & y");
  });
});

describe("rich content (docs/product.md \"Rich content\")", () => {
  it("colours a fenced block of a known language on the server, and leaves any other block plain", () => {
    expect(html("```js\nlet s = \"<b>\"; // note\n```")).toBe(
      '<pre><code class="language-js"><span class="hljs-keyword">let</span> s = <span class="hljs-string">"&lt;b&gt;"</span>; <span class="hljs-comment">// note</span>\n</code></pre>\n',
    );
    expect(html("```klingon\nqapla'\n```")).toBe("<pre><code class=\"language-klingon\">qapla'\n</code></pre>\n");
    expect(html("```\nlet x\n```")).toBe("<pre><code>let x\n</code></pre>\n");
  });

  it("turns GitHub's shortcodes into emoji in text, not in code, and leaves unknown ones as written", () => {
    expect(html(":tada: :+1: :thumbsup: :heart: :not_an_emoji: `:tada:`")).toBe("<p>🎉 👍️ 👍️ ❤️ :not_an_emoji: <code>:tada:</code></p>\n");
    expect(html("```\n:tada:\n```")).toBe("<pre><code>:tada:\n</code></pre>\n");
    expect(html("12:30:45 and a::b")).toBe("<p>12:30:45 and a::b</p>\n");
  });

  const PREVIEW_IMAGE = "/uploads/abcdefabcdefabcdefabcdefabcdefab.jpg";
  const withPreview: RenderContext = {
    ...context,
    previews: new Map([
      ["https://news.example/a", { title: 'A <script>x</script> "t"', description: "<img src=x onerror=alert(1)>", siteName: "News & Co", image: { src: PREVIEW_IMAGE, width: 600, height: 315 } }],
      ["https://news.example/b", { title: null, description: "Only a description", siteName: null, image: null }],
    ]),
  };
  const rendered = (source: string) => renderMarkdown(source, withPreview).html;

  it("puts a kept preview's card under a URL alone on its line, its texts escaped, its image this site's upload", () => {
    expect(rendered("Look\nhttps://news.example/a\nthen")).toBe(
      '<p>Look<br />\n<a href="https://news.example/a" rel="nofollow ugc noopener" target="_blank">https://news.example/a</a></p>\n' +
        '<aside class="onebox">\n<p class="onebox-site">News &amp; Co</p>\n' +
        `<img class="onebox-image" src="${PREVIEW_IMAGE}" alt="" loading="lazy" width="600" height="315" />\n` +
        '<p class="onebox-title"><a href="https://news.example/a" rel="nofollow ugc noopener" target="_blank">A &lt;script&gt;x&lt;/script&gt; "t"</a></p>\n' +
        '<p class="onebox-description">&lt;img src=x onerror=alert(1)&gt;</p>\n</aside>\n<p>then</p>\n',
    );
    expect(rendered("<https://news.example/b>")).toContain('<p class="onebox-title"><a href="https://news.example/b" rel="nofollow ugc noopener" target="_blank">https://news.example/b</a></p>');
  });

  it("shows no card for a URL inside a sentence, in a link with its own text, in a list or quote, or without a kept preview", () => {
    for (const source of ["see https://news.example/a now", "[news](https://news.example/a)", "- https://news.example/a", "> https://news.example/a", "https://news.example/c"]) {
      expect(rendered(source)).not.toContain("onebox");
    }
    // Without the preview in the context (another member's text naming the image), the image never shows.
    expect(html(`<aside class="onebox"><img class="onebox-image" src="${PREVIEW_IMAGE}"></aside>`)).not.toContain("<img");
  });
});
