import { Router } from "express";
import { createWatchedWordSchema } from "@shared/schemas/watched-words";
import { WATCHED_WORD_NOT_FOUND } from "@shared/watched-words";
import type { WatchedWordsResponse } from "@shared/types";
import { addWatchedWord, removeWatchedWord } from "../../commands/watched-words";
import type { Db } from "../../db/client";
import { admin, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentWatchedWord } from "../../presenters/watched-word";
import { listWatchedWords } from "../../queries/watched-words";
import type { WatchedWords } from "../../watched-words/watched-words";
import { parseId } from "../params";

/**
 * /api/admin/watched-words (docs/product.md "Watched words"): administrators list, add and remove
 * the words every write is checked against. This process forgets its compiled list at once; the
 * others when `watched_words_changed` reaches them.
 */
export function adminWatchedWordsRouter({ db, watchedWords }: { db: Db; watchedWords: WatchedWords }): Router {
  const router = Router();
  router.use(admin);

  router.get("/", memberHandler(async (_req, res) => {
    res.json({ words: (await listWatchedWords(db)).map(presentWatchedWord) } satisfies WatchedWordsResponse);
  }));

  router.post("/", memberHandler(createWatchedWordSchema, async (req, res) => {
    const added = await addWatchedWord(db, req.user.id, req.body);
    watchedWords.changed();
    res.status(201).json(presentWatchedWord(added));
  }));

  router.delete("/:id", noBody, memberHandler(async (req, res) => {
    await removeWatchedWord(db, parseId(req.params.id, WATCHED_WORD_NOT_FOUND));
    watchedWords.changed();
    res.status(204).end();
  }));

  return router;
}
