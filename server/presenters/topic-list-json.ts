import type { SessionUser } from "../auth/session-user";
import type { PreparedAnswers, PreparedJson } from "../middlewares/prepared-json";
import { presentTopicListItemForViewer, presentTopicShared, type TopicReaderState, type TopicRow } from "./topic";

let lastListId = 0;

/**
 * The kept topic list as JSON (docs/decisions/048): each topic's shared fields serialized once, when
 * the list is kept, and the reader's own fields (what they may do, their unread state) spliced after
 * them per request. The text is exactly JSON.stringify of presentTopicListItem over the topics the
 * reader's states name, in the list's order.
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

  /** The reader's list: the topics `states` has (those still there), each with its state. */
  answerFor(viewer: Pick<SessionUser, "id" | "isAdmin" | "isModerator">, states: ReadonlyMap<number, TopicReaderState>, answers: PreparedAnswers): PreparedJson {
    const own = this.rows.map((row) => {
      const state = states.get(row.id);
      // A topic gone since the list was kept is left out, as `-`.
      return state === undefined ? "-" : JSON.stringify(presentTopicListItemForViewer(row, viewer, state));
    });
    return answers.get(this.kept ? `l${this.id}${own.join("")}` : undefined, () => {
      const items = own.flatMap((json, index) => (json === "-" ? [] : [`${this.shared[index]},${json.slice(1)}`]));
      return `[${items.join(",")}]`;
    });
  }
}
