import type { Viewer } from "./viewer";
import { valuesKey, type PreparedAnswers, type PreparedJson } from "../middlewares/prepared-json";
import type { PageReaderParts } from "../queries/page-reader-parts";
import { presentPostForViewer, presentPostShared, postSourceShown, postTextShown, type PostRow } from "./post";

let lastPageId = 0;

/** A presented object's JSON text without its closing brace, to which the viewer's fields are appended. */
const openJson = (value: object) => JSON.stringify(value).slice(0, -1);

/**
 * A kept posts page as JSON (docs/decisions/048): each post's shared fields serialized once, when
 * the page is kept, and the viewer's own fields (what they may do, the reactions, whether they
 * blocked the author, whether they bookmarked the post; and `number` on an `around` page) spliced after them per request. The text is
 * exactly JSON.stringify of presentPost over the page (with `number` last on an `around` page): the two parts have no
 * key in common, and the object's keys come in the same order.
 */
export class PostsPageJson {
  /** Names this page in PreparedAnswers' keys: a page kept again after a change is another. */
  private readonly id = ++lastPageId;
  private readonly shown: string[];
  /** A hidden post without its text, for the viewers who may not read it; made when first asked. */
  private readonly unshown: (string | undefined)[] = [];
  /** A post with censored words, its source as others read it (■■■); made when first asked. */
  private readonly censored: (string | undefined)[] = [];

  constructor(
    private readonly rows: readonly PostRow[],
    private readonly firstNumber: number | undefined,
    /** False for a page read while nothing is kept: its answers are not kept either. */
    private readonly kept: boolean,
  ) {
    this.shown = rows.map((row) => openJson(presentPostShared(row, true)));
  }

  answerFor(viewer: Viewer, parts: PageReaderParts, answers: PreparedAnswers): PreparedJson {
    const own = this.rows.map((row, index) => {
      const fields = presentPostForViewer(row, viewer, parts);
      return this.firstNumber === undefined ? fields : Object.assign(fields, { number: this.firstNumber + index });
    });
    // "+" the text and its source as written, "c" the text with its censored source, "-" no text.
    const shown = this.rows.map((row) => (!postTextShown(row, viewer) ? "-" : postSourceShown(row, viewer) ? "+" : "c"));
    // Readers whose own fields are alike get the one answer kept for them, serialized once.
    const key = this.kept ? `p${this.id}:${own.map((fields, index) => shown[index]! + valuesKey(fields)).join(";")}` : undefined;
    return answers.get(key, () => `[${own.map((fields, index) => `${this.sharedJson(index, shown[index]!)},${JSON.stringify(fields).slice(1)}`).join(",")}]`);
  }

  private sharedJson(index: number, shown: string): string {
    if (shown === "+") return this.shown[index]!;
    if (shown === "c") return (this.censored[index] ??= openJson(presentPostShared(this.rows[index]!, true, false)));
    return (this.unshown[index] ??= openJson(presentPostShared(this.rows[index]!, false)));
  }
}
