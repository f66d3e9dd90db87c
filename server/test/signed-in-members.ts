import type { Express } from "express";
import type { Db } from "../db/client";
import { insertMember, signedInAgent, type Agent } from "./fixtures";

/** A member with a signed-in agent of their own, for API tests where members act on each other's content. */
export interface Member {
  id: number;
  username: string;
  agent: Agent;
}

type TestApp = { app: Express; database: { db: Db } };

/** Inserts a member (`values` e.g. `{ isModerator: true }`) and signs them in. */
export async function signedInMember(t: TestApp, values: Parameters<typeof insertMember>[1] = {}): Promise<Member> {
  const member = await insertMember(t.database.db, values);
  return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
}

/** `count` plain members, each signed in: the flaggers, readers and bystanders a test needs. */
export const signedInMembers = (t: TestApp, count: number) => Promise.all(Array.from({ length: count }, () => signedInMember(t)));
