// What the composer's toolbar and shortcuts do to the text: pure functions of the text and its
// selection, so they are tested without a browser.

/** A textarea's text and selection. */
export interface TextState {
  value: string;
  start: number;
  end: number;
}

export const MARKDOWN_ACTIONS = ["bold", "italic", "link", "quote", "code", "list"] as const;
export type MarkdownAction = (typeof MARKDOWN_ACTIONS)[number];

/** Puts `marker` around the selection (or a selected placeholder); a selection already wrapped is unwrapped. */
function wrap({ value, start, end }: TextState, marker: string, placeholder: string): TextState {
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (start !== end && before.endsWith(marker) && after.startsWith(marker)) {
    const value2 = before.slice(0, -marker.length) + value.slice(start, end) + after.slice(marker.length);
    return { value: value2, start: start - marker.length, end: end - marker.length };
  }
  const inner = start === end ? placeholder : value.slice(start, end);
  const at = start + marker.length;
  return { value: before + marker + inner + marker + after, start: at, end: at + inner.length };
}

/** The start of the line the position is on. */
const lineStart = (value: string, position: number) => value.lastIndexOf("\n", position - 1) + 1;

/** Puts `prefix` before every line the selection touches (the caret's line when nothing is selected). */
function prefixLines({ value, start, end }: TextState, prefix: string): TextState {
  const from = lineStart(value, start);
  const lines = value.slice(from, end).split("\n");
  const prefixed = lines.map((line) => prefix + line).join("\n");
  return {
    value: value.slice(0, from) + prefixed + value.slice(end),
    start: start === end ? end + prefix.length : from,
    end: end + prefix.length * lines.length,
  };
}

const LOOKS_LIKE_URL = /^(https?:\/\/|\/)\S*$/;

function link(state: TextState): TextState {
  const { value, start, end } = state;
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);
  // A selected address becomes the link's target, and its text is what is left to type.
  if (LOOKS_LIKE_URL.test(selected)) {
    const text = "link text";
    return { value: `${before}[${text}](${selected})${after}`, start: start + 1, end: start + 1 + text.length };
  }
  const text = selected || "link text";
  const urlAt = start + text.length + 3;
  return { value: `${before}[${text}](https://)${after}`, start: urlAt, end: urlAt + "https://".length };
}

function code(state: TextState): TextState {
  const selected = state.value.slice(state.start, state.end);
  if (!selected.includes("\n")) return wrap(state, "`", "code");
  return insertBlock({ ...state }, "```\n" + selected + "\n```", { replaceSelection: true });
}

export function applyMarkdown(action: MarkdownAction, state: TextState): TextState {
  switch (action) {
    case "bold":
      return wrap(state, "**", "bold text");
    case "italic":
      return wrap(state, "_", "italic text");
    case "link":
      return link(state);
    case "code":
      return code(state);
    case "quote":
      return prefixLines(state, "> ");
    case "list":
      return prefixLines(state, "- ");
  }
}

/** Inserts text at the caret (over the selection), the caret after it. */
export function insertText({ value, start, end }: TextState, text: string): TextState {
  const caret = start + text.length;
  return { value: value.slice(0, start) + text + value.slice(end), start: caret, end: caret };
}

/**
 * Inserts a block (a quote, a code block) as its own paragraph at the caret: a blank line before
 * and after it unless the text already has one there; the caret goes to the paragraph after it.
 */
export function insertBlock(state: TextState, block: string, { replaceSelection = false } = {}): TextState {
  const { value } = state;
  const start = state.start;
  const end = replaceSelection ? state.end : state.start;
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  // After the paragraph break that follows the block, added or already there.
  const caret = before.length + lead.length + block.length + 2;
  return { value: before + lead + block + trail + after, start: caret, end: caret };
}
