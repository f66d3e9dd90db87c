import { randomInt } from "node:crypto";
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from "@shared/constants";
import type { Db } from "../db/client";
import { invites } from "../db/schema";

export function generateInviteCode(): string {
  return Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join("");
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateInviteInput {
  createdBy?: number | null;
  assignedTo?: number | null;
  /** Omitted: the invite never expires. */
  expiresInDays?: number;
}

/** Works on the database or inside a transaction. */
export async function createInvite(db: Pick<Db, "insert">, input: CreateInviteInput = {}) {
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
  const [invite] = await db
    .insert(invites)
    .values({ code: generateInviteCode(), createdBy: input.createdBy ?? null, assignedTo: input.assignedTo ?? null, expiresAt })
    .returning();
  return invite!;
}
