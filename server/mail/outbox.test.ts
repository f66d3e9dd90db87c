import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, signedInAgent } from "../test/fixtures";
import { startSmtpServer } from "../test/smtp";
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
    expect(parsed.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/);
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
});

describe("with SMTP_URL", () => {
  it("has no outbox: /api/admin/mail answers 404", async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Club <club@mail.example>" });
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
