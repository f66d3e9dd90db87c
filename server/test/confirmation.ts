import { sql } from "drizzle-orm";
import type { Express } from "express";
import type { Db } from "../db/client";
import { identityChanged } from "../identity/changes";
import { PASSWORD, signedInAgent, type Agent } from "./fixtures";

/**
 * POST /api/auth/confirm with the password: the agent's session may make sensitive changes for the
 * next 10 minutes (docs/product.md "Sensitive changes need a fresh confirmation").
 */
export async function confirmPassword(agent: Agent, password = PASSWORD): Promise<Agent> {
  const res = await agent.post("/api/auth/confirm").send({ password });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${res.text}`);
  return agent;
}

/** A signed-in agent whose session has just confirmed its password. */
export async function confirmedAgent(app: Express, username: string, password = PASSWORD): Promise<Agent> {
  return confirmPassword(await signedInAgent(app, username, password), password);
}

/**
 * Sets the window of every session of the member to close at `until` (ms; in the past: as if ten
 * minutes had gone by), in the sessions' rows, as the store keeps it. This process's session cache
 * forgets them at commit, as it does for any identity change.
 */
export async function moveConfirmationWindow(db: Db, userId: number, until: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{confirmedUntil}', to_jsonb(${until}::bigint))::json
      WHERE sess -> 'passport' ->> 'user' = ${String(userId)}`);
    await identityChanged(tx, userId);
  });
}
