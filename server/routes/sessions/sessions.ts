import { Router } from "express";
import type { MemberSessionsResponse } from "@shared/types";
import { publicSessionId } from "../../auth/session-device";
import { endSessionsOf } from "../../commands/end-sessions";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { confirmed, confirmedWhen } from "../../middlewares/fresh-confirmation";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentMemberSession, sortSessions } from "../../presenters/member-session";
import { listMemberSessions } from "../../queries/sessions";
import { endThisSession } from "../auth/end-this-session";

const SESSION_NOT_FOUND = "Session not found";

/**
 * /api/auth/sessions: the member's signed-in browsers, and ending them. Sessions are shown by an
 * opaque id (a keyed hash of the cookie's id), never by the id the cookie holds.
 */
export function sessionsRouter({ db, sessionSecret }: { db: Db; sessionSecret: string }): Router {
  const router = Router();
  const idOf = (sid: string) => publicSessionId(sessionSecret, sid);

  router.get("/", member, memberHandler(async (req, res) => {
    const now = Date.now();
    const rows = await listMemberSessions(db, req.user.id);
    const sessions = rows.map((row) => presentMemberSession(row, { id: idOf(row.sid), current: row.sid === req.sessionID, now }));
    const body: MemberSessionsResponse = { sessions: sortSessions(sessions) };
    res.json(body);
  }));

  // Every session but this one, after a fresh confirmation; their sockets close at once.
  router.delete("/", member, confirmed, noBody, memberHandler(async (req, res) => {
    await endSessionsOf(db, req.user.id, { except: req.sessionID });
    res.status(204).end();
  }));

  // One session; ending another takes a fresh confirmation, ending this one signs this browser out, as logout does.
  const endsAnother = confirmedWhen((req) => req.params.id !== idOf(req.sessionID));
  router.delete("/:id", member, endsAnother, noBody, memberHandler(async (req, res) => {
    const target = (await listMemberSessions(db, req.user.id)).find((row) => idOf(row.sid) === req.params.id);
    if (!target) throw notFound(SESSION_NOT_FOUND);
    if (target.sid === req.sessionID) await endThisSession(req, res, db);
    else await endSessionsOf(db, req.user.id, { only: target.sid });
    res.status(204).end();
  }));

  return router;
}
