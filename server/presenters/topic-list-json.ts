import type { Viewer } from "./viewer";
import { valuesKey, type PreparedAnswers, type PreparedJson } from "../middlewares/prepared-json";
import { presentTopicListItemForViewer, presentTopicShared, type TopicReaderState, type TopicRow } from "./topic";

let lastListId = 0;

/**
 * The kept topic list as JSON (docs/decisions/048): each topic's shared fields serialized once, when
 * the list is kept, and the reader's own fields (what they may do, their unread state) spliced after
 * them per request. The text is exactly JSON.stringify of presentTopicListItem over the topics.
 */
export class TopicListJson {
  /** Names this list in PreparedAnswers' keys: a list kept again after a change is another. */
  private readonly id = ++lastListId;
  /** Each topic's shared fields without the closing brace. */
  private readonly shared: string[];

  constructor(
    private readonly rows: readonly TopicRow[],
    /** False for a list read while nothing is kept: its answers are not kept either. */
    private readonly kept: boolean,
  ) {
    this.shared = rows.map((row) => JSON.stringify(presentTopicShared(row)).slice(0, -1));
  }

  /** The reader's list: each topic with the reader's state of it (`states` in the list's order). */
  answerFor(viewer: Viewer, states: readonly TopicReaderState[], answers: PreparedAnswers): PreparedJson {
    const own = this.rows.map((row, index) => presentTopicListItemForViewer(row, viewer, states[index]!));
    // Readers whose own fields are alike get the one answer kept for them, serialized once.
    const key = this.kept ? `l${this.id}:${own.map(valuesKey).join(";")}` : undefined;
    return answers.get(key, () => `[${own.map((fields, index) => `${this.shared[index]},${JSON.stringify(fields).slice(1)}`).join(",")}]`);
  }
}
