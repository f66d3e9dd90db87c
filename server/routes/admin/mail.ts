import { Router } from "express";
import type { OutboxMailList } from "@shared/types";
import { notFound } from "../../errors";
import type { Mailer } from "../../mail/mailer";
import { listOutbox, readOutboxMail } from "../../mail/outbox";
import { admin, memberHandler } from "../../middlewares/guards";
import { presentOutboxItem, presentOutboxMail } from "../../presenters/outbox-mail";

const NO_OUTBOX = "Mail goes out through SMTP_URL: there is no outbox to read";

/** /api/admin/mail: the mail written to DATA_DIR/mail when there is no SMTP_URL (the embedded default). Admin-only. */
export function adminMailRouter({ mailer }: { mailer: Mailer }): Router {
  const router = Router();
  router.use(admin);

  const outbox = () => {
    if (!mailer.outboxDir) throw notFound(NO_OUTBOX);
    return mailer.outboxDir;
  };

  router.get("/", memberHandler(async (_req, res) => {
    const body: OutboxMailList = { mails: (await listOutbox(outbox())).map(presentOutboxItem) };
    res.json(body);
  }));

  router.get("/:id", memberHandler(async (req, res) => {
    const mail = await readOutboxMail(outbox(), String(req.params.id));
    if (!mail) throw notFound("Mail not found");
    res.json(presentOutboxMail(mail, req.user));
  }));

  return router;
}
