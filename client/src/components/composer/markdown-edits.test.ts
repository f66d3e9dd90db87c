import { describe, expect, it } from "vitest";
import { applyMarkdown, insertBlock, insertText, type TextState } from "./markdown-edits";

/** A state written with [ and ] around the selection ('a [b] c'), and back. */
const parse = (marked: string): TextState => {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { value: marked.replace("[", "").replace("]", ""), start, end };
};
const show = ({ value, start, end }: TextState) => value.slice(0, start) + "[" + value.slice(start, end) + "]" + value.slice(end);

describe("the composer's Markdown edits", () => {
  it("wraps the selection in bold, italic and code, and unwraps it again", () => {
    expect(show(applyMarkdown("bold", parse("say [hello] now")))).toBe("say **[hello]** now");
    expect(show(applyMarkdown("bold", parse("say **[hello]** now")))).toBe("say [hello] now");
    expect(show(applyMarkdown("italic", parse("[word]")))).toBe("_[word]_");
    expect(show(applyMarkdown("code", parse("run [npm test] here")))).toBe("run `[npm test]` here");
  });

  it("puts a selected placeholder where nothing is selected", () => {
    expect(show(applyMarkdown("bold", parse("a []")))).toBe("a **[bold text]**");
    expect(show(applyMarkdown("italic", parse("[]")))).toBe("_[italic text]_");
  });

  it("fences several selected lines as a code block on their own paragraph", () => {
    expect(applyMarkdown("code", parse("see:\n[a()\nb()]")).value).toBe("see:\n\n```\na()\nb()\n```\n\n");
  });

  it("makes a link of the selection, with the address selected to type over; a selected address becomes the target", () => {
    expect(show(applyMarkdown("link", parse("read [the docs]")))).toBe("read [the docs]([https://])");
    expect(show(applyMarkdown("link", parse("[https://example.com]")))).toBe("[[link text]](https://example.com)");
  });

  it("quotes and lists every line the selection touches", () => {
    expect(show(applyMarkdown("quote", parse("intro\nfi[rst\nsec]ond")))).toBe("intro\n[> first\n> sec]ond");
    expect(applyMarkdown("list", parse("one\n[two\nthree]")).value).toBe("one\n- two\n- three");
    expect(show(applyMarkdown("list", parse("[]")))).toBe("- []");
  });

  it("inserts text at the caret over the selection", () => {
    expect(show(insertText(parse("a [b] c"), "![](/uploads/x.png)"))).toBe("a ![](/uploads/x.png)[] c");
  });

  it("inserts a block as its own paragraph, the caret after it", () => {
    expect(show(insertBlock(parse("[]"), "> quote"))).toBe("> quote\n\n[]");
    expect(show(insertBlock(parse("I agree[]"), "> quote"))).toBe("I agree\n\n> quote\n\n[]");
    expect(show(insertBlock(parse("first\n\n[]\n\nlast"), "> quote"))).toBe("first\n\n> quote\n\n[]last");
  });
});
