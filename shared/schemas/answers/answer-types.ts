import type { z } from "zod";
import type * as T from "../../types";
import type * as forum from "./forum";

/**
 * The search answer's types are still written by hand in shared/types/search.ts: the typecheck fails
 * here when they and the answer schema differ. Every other answer type is inferred from its schema.
 */
type Same<Schema extends z.ZodType, Type> = [z.output<Schema>] extends [Type] ? ([Type] extends [z.output<Schema>] ? true : false) : false;
type Expect<Check extends true> = Check;

export type AnswerSchemasMatchTypes = [
  Expect<Same<typeof forum.searchAnswerSchema, T.SearchPage<T.PostSearchResult> | T.SearchPage<T.TopicSearchResult> | T.SearchPage<T.MemberSearchResult>>>,
];
