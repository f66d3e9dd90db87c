import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { Router, type RequestHandler } from "express";
import yazl from "yazl";
import { deleteAccountSchema } from "@shared/schemas/account-security";
import { isCurrentPassword } from "../../auth/credentials";
import { runDeletionBatch, startMemberDeletion, type DeletionSettings } from "../../commands/delete-user";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../errors";
import { confirmed } from "../../middlewares/fresh-confirmation";
import { member, memberHandler } from "../../middlewares/guards";
import { disconnectUser } from "../../presence/control";
import { archivedUploadPath, presentAccountExport } from "../../presenters/account-export";
import { presentCurrentUser } from "../../presenters/current-user";
import { readAccountExport } from "../../queries/account-export";
import { findUsername } from "../../queries/find-username";
import { findOwnAccount } from "../../queries/users";
import { endThisSession } from "../auth/end-this-session";

/** /api/auth/export and /api/auth/account: the member takes their data with them, or leaves; either after a fresh confirmation. */
export function yourDataRouter({
  db,
  deletionSettings,
  loginLimit,
}: {
  db: Db;
  deletionSettings: DeletionSettings;
  loginLimit: RequestHandler;
}): Router {
  const router = Router();

  /**
   * A zip of account.json and their uploaded files, streamed as it is made: files are read from the
   * storage (UPLOAD_DIR or the bucket) into the answer one after the other, never held whole in memory.
   */
  router.get("/export", member, confirmed, memberHandler(async (req, res) => {
    const account = await findOwnAccount(db, req.user.id);
    if (!account) throw notFound("User not found");
    // The archive is the account's, not this session's: no confirmation window in it.
    const { confirmedUntil: _window, ...profile } = presentCurrentUser(account, await findUsername(db, account.invitedBy), null);
    const parts = await readAccountExport(db, req.user.id);
    const { storage } = deletionSettings;
    // The first file is opened before the answer starts: a storage out of reach is a 503, not a broken zip.
    const first = parts.uploads[0] ? await storage.open(parts.uploads[0].filename) : undefined;

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(presentAccountExport({ profile, parts, exportedAt: new Date() })), "account.json");
    res.setHeader("Content-Type", "application/zip");
    res.setHeader("Content-Disposition", `attachment; filename="${account.username}-export.zip"`);
    zip.outputStream.on("error", (error) => res.destroy(error));
    zip.outputStream.pipe(res);
    // A client that goes away stops the archive: the file being read is let go.
    let reading: Readable | undefined;
    res.once("close", () => {
      if (!res.writableFinished) reading?.destroy();
    });
    try {
      for (const [index, { filename }] of parts.uploads.entries()) {
        if (res.destroyed) break;
        // A file the orphan sweep or a deletion removed meanwhile is left out rather than breaking the archive.
        const stream = index === 0 ? first : await storage.open(filename);
        if (!stream) continue;
        if (res.destroyed) {
          stream.destroy();
          break;
        }
        reading = stream;
        zip.addReadStream(stream, archivedUploadPath(filename), { compress: false });
        await finished(stream); // one file open at a time
      }
      zip.end();
    } catch (error) {
      // Once the answer has begun, a storage failure can only cut it short: the client sees no complete zip.
      res.destroy(error as Error);
    } finally {
      if (res.destroyed) first?.destroy();
    }
  }));

  /**
   * Deletes their account (docs/decisions/021), the password confirming it, what they wrote kept as
   * "Deleted member" or erased as they choose (docs/decisions/058; purge is an administrator's); the
   * only administrator cannot (409). Every session ends, this one included.
   */
  router.delete("/account", member, confirmed, loginLimit, memberHandler(deleteAccountSchema, async (req, res) => {
    if (!(await isCurrentPassword(db, req.user.id, req.body.password))) {
      throw badRequest("Password is incorrect", { errors: [{ path: "password", message: "Password is incorrect" }] });
    }
    const { content } = req.body;
    const { job, deletedData } = await startMemberDeletion(db, { userId: req.user.id, requestedBy: req.user.id, content });
    await disconnectUser(db, req.user.id);
    await endThisSession(req, res, db);
    // The rest, if any, goes on in batch jobs (queued with the deletion).
    await runDeletionBatch(db, deletionSettings, job.id).catch(() => null);
    res.json({ message: "Account deleted", content, deletedData });
  }));

  return router;
}
