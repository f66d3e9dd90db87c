import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, signedInAgent } from "../test/fixtures";
import { confirmedAgent } from "../test/confirmation";
import { linkToken, startSmtpServer } from "../test/smtp";
import { MASKED_TOKEN } from "../presenters/outbox-mail";
import { TASKS } from "../jobs/tasks";
import { jobsSettled } from "../test/jobs";

describe("without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes each mail to DATA_DIR/mail as .eml (text and HTML parts, the default sender) and admins read them at /api/admin/mail, newest first", async () => {
    const member = await insertMember(t.database.db, { email: "reader@mail.example", emailVerified: true });
    const admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
    await request(t.app).post("/api/auth/forgot-password").send({ login: member.username }).expect(204);
    await request(t.app).post("/api/auth/forgot-password").send({ login: "reader@mail.example" }).expect(204);
    await jobsSettled(t.database.db, [TASKS.sendMail]);

    const dir = path.join(t.config.DATA_DIR, "mail");
    const files = (await readdir(dir)).filter((name) => name.endsWith(".eml")).sort();
    expect(files).toHaveLength(2);
    const parsed = await simpleParser(await readFile(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe("Reset your Enclave password");
    expect(parsed.from?.value[0]).toEqual({ name: "Enclave", address: "no-reply@localhost" });
    expect(parsed.text).toContain(`http://localhost:${t.config.PORT}/reset-password?token=`);
    expect(parsed.html).toContain("/reset-password?token=");

    const list = await admin.get("/api/admin/mail");
    expect(list.status).toBe(200);
    expect(list.body.mails).toHaveLength(2);
    expect(list.body.mails.map((mail: { id: string }) => `${mail.id}.eml`)).toEqual([...files].reverse());
    expect(list.body.mails[0]).toMatchObject({ to: "reader@mail.example", subject: "Reset your Enclave password" });
    expect(Date.parse(list.body.mails[0].date)).not.toBeNaN();

    const one = await admin.get(`/api/admin/mail/${list.body.mails[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.text).toContain("/reset-password?token=");
    expect((await admin.get("/api/admin/mail/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
    expect((await admin.get("/api/admin/mail/2026-01-01T00-00-00-000Z-00000000")).status).toBe(404);

    const someone = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    expect((await someone.get("/api/admin/mail")).status).toBe(403);
  });

  it("masks the token of every mailed link at /api/admin/mail, except in the reading administrator's own mail", async () => {
    const member = await insertMember(t.database.db, { email: "masked-member@mail.example", emailVerified: true });
    const adminRow = await insertMember(t.database.db, { isAdmin: true, email: "masked-admin@mail.example", emailVerified: true });
    const admin = await signedInAgent(t.app, adminRow.username);
    const otherAdmin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
    await request(t.app).post("/api/auth/forgot-password").send({ login: member.username }).expect(204);
    await (await confirmedAgent(t.app, member.username)).patch("/api/auth/profile").send({ email: "masked-new@mail.example" }).expect(200);
    await request(t.app).post("/api/auth/forgot-password").send({ login: adminRow.username }).expect(204);
    await jobsSettled(t.database.db, [TASKS.sendMail]);

    const { mails } = (await admin.get("/api/admin/mail")).body as { mails: { id: string; to: string; subject: string }[] };
    const open = async (agent: typeof admin, to: string) => {
      const listed = mails.find((mail) => mail.to === to)!;
      const written = await simpleParser(await readFile(path.join(t.config.DATA_DIR, "mail", `${listed.id}.eml`)));
      const shown = (await agent.get(`/api/admin/mail/${listed.id}`).expect(200)).body.text as string;
      return { token: linkToken(written, new URL(shown.match(/http:\/\/\S+/)![0]).pathname), shown };
    };

    for (const [to, pathname] of [["masked-member@mail.example", "/reset-password"], ["masked-new@mail.example", "/verify-email"]] as const) {
      const { token, shown } = await open(admin, to);
      expect(shown).toContain(`${pathname}?token=${MASKED_TOKEN}`);
      expect(shown).not.toContain(token);
    }
    const own = await open(admin, "masked-admin@mail.example");
    expect(own.shown).toContain(`/reset-password?token=${encodeURIComponent(own.token)}`);
    const anothers = await open(otherAdmin, "masked-admin@mail.example");
    expect(anothers.shown).toContain(`/reset-password?token=${MASKED_TOKEN}`);
    expect(anothers.shown).not.toContain(anothers.token);
  });

  it("never takes a mailed link's origin from the request's Host: without PUBLIC_URL links lead to this server on localhost", async () => {
    const email = "hosted@mail.example";
    const member = await insertMember(t.database.db, { email, emailVerified: true });
    await request(t.app).post("/api/auth/forgot-password").set("Host", "attacker.example").send({ login: member.username }).expect(204);
    const agent = await confirmedAgent(t.app, member.username);
    await agent.patch("/api/auth/profile").set("Host", "attacker.example").send({ email: "moved@mail.example" }).expect(200);
    await jobsSettled(t.database.db, [TASKS.sendMail]);

    const dir = path.join(t.config.DATA_DIR, "mail");
    const mails = await Promise.all((await readdir(dir)).filter((name) => name.endsWith(".eml")).map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
    const sent = mails.filter((mail) => [email, "moved@mail.example"].includes(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address! : ""));
    // The old address's notice of the change carries a reset link too.
    expect(sent.map((mail) => mail.subject).sort()).toEqual(["Confirm your email address for Enclave", "Reset your Enclave password", "Your Enclave email address was changed"]);
    for (const mail of sent) {
      expect(mail.text).toContain(`http://localhost:${t.config.PORT}/`);
      expect(mail.text).not.toContain("attacker.example");
      expect(mail.html).not.toContain("attacker.example");
    }
  });
});

describe("with SMTP_URL", () => {
  it("has no outbox: /api/admin/mail answers 404", async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://club.example", MAIL_FROM: "Club <club@mail.example>" });
    try {
      const admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
      expect((await admin.get("/api/admin/mail")).status).toBe(404);
      const member = await insertMember(t.database.db, { email: "club-member@mail.example", emailVerified: true });
      await request(t.app).post("/api/auth/forgot-password").send({ login: member.username }).expect(204);
      const mail = await smtp.next(() => true);
      expect(mail.from?.value[0]).toEqual({ name: "Club", address: "club@mail.example" });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
