import type { WatchedWordAction } from "@shared/watched-words";
import type { WatchedWord } from "@shared/types";
import { isoTime } from "./iso-time";

export interface WatchedWordRow {
  id: number;
  word: string;
  action: WatchedWordAction;
  createdBy: string | null;
  createdAt: Date;
}

export const presentWatchedWord = (row: WatchedWordRow): WatchedWord => ({
  id: row.id,
  word: row.word,
  action: row.action,
  createdBy: row.createdBy,
  createdAt: isoTime(row.createdAt),
});
