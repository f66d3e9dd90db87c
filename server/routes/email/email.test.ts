import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens, users } from "../../db/schema";
import { VERIFICATION_MAILS_PER_HOUR } from "../../middlewares/abuse-limits";
import { RESET_MAILS_PER_HOUR } from "../../commands/password-reset";
import { createTestApp, type TestApp } from "../../test/app";
import { statementsDuring } from "../../test/statements";
import { BEHIND_PROXY, fromAddress, insertMember, PASSWORD, readUser, signedInAgent } from "../../test/fixtures";
import { linkToken, recipients, startSmtpServer, type TestSmtpServer } from "../../test/smtp";
import { confirmedAgent } from "../../test/confirmation";
import { TASKS } from "../../jobs/tasks";
import { jobsSettled } from "../../test/jobs";

const SITE = "https://community.example";
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let addressCount = 0;
const newAddress = () => `someone${++addressCount}.${process.pid}@mail.example`;

/** Mail handed to the mailer so far has reached the SMTP server (sendMail resolves on its 250). */
const delivered = () => jobsSettled(t.database.db, [TASKS.sendMail]);
const mailsTo = (address: string) => smtp.mails.filter((mail) => recipients(mail).includes(address));
const nextMailTo = (address: string) => smtp.next((mail) => recipients(mail).includes(address));

/** A member with a verified address (set straight in the database: verification has its own tests). */
async function verifiedMember() {
  const email = newAddress();
  const member = await insertMember(t.database.db, { email, emailVerified: true });
  return { ...member, email };
}

describe("email verification", () => {
  it("sends a link when the address is set; the address is verified once the link's token is posted, and the token works once", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    const email = newAddress();
    const res = await agent.patch("/api/auth/profile").send({ email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, emailVerified: false, emailNotifications: "away" });

    const mail = await nextMailTo(email);
    // Every mail: a text and an HTML part, links from PUBLIC_URL, the default sender.
    expect(mail.text).toContain(`${SITE}/verify-email?token=`);
    expect(mail.html).toContain(`href="${SITE}/verify-email?token=`);
    expect(mail.from?.value[0]).toEqual({ name: "Enclave", address: "no-reply@community.example" });
    const token = linkToken(mail, "/verify-email");

    expect((await request(t.app).post("/api/auth/verify-email").send({ token })).status).toBe(204);
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ email, emailVerified: true });
    const again = await request(t.app).post("/api/auth/verify-email").send({ token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This link is invalid or has expired");
  });

  it("stores only a hash of the token", async () => {
    const member = await insertMember(t.database.db);
    const email = newAddress();
    await (await confirmedAgent(t.app, member.username)).patch("/api/auth/profile").send({ email });
    const token = linkToken(await nextMailTo(email), "/verify-email");
    const stored = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("refuses a token older than 24 hours", async () => {
    const member = await insertMember(t.database.db);
    const email = newAddress();
    await (await confirmedAgent(t.app, member.username)).patch("/api/auth/profile").send({ email });
    const token = linkToken(await nextMailTo(email), "/verify-email");
    await t.database.db.update(emailTokens).set({ createdAt: sql`now() - interval '24 hours 1 minute'` }).where(eq(emailTokens.userId, member.id));
    expect((await request(t.app).post("/api/auth/verify-email").send({ token })).status).toBe(400);
    expect((await readUser(t.database.db, member.id)).emailVerified).toBe(false);
  });

  it("a new address is unverified again, and a link sent to the old one no longer verifies anything", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    const first = newAddress();
    await agent.patch("/api/auth/profile").send({ email: first });
    const oldToken = linkToken(await nextMailTo(first), "/verify-email");
    const second = newAddress();
    expect((await agent.patch("/api/auth/profile").send({ email: second })).body.emailVerified).toBe(false);
    expect((await request(t.app).post("/api/auth/verify-email").send({ token: oldToken })).status).toBe(400);
    const token = linkToken(await nextMailTo(second), "/verify-email");
    expect((await request(t.app).post("/api/auth/verify-email").send({ token })).status).toBe(204);
    expect((await agent.patch("/api/auth/profile").send({ bio: "unchanged address" })).body).toMatchObject({ email: second, emailVerified: true });
    expect((await agent.patch("/api/auth/profile").send({ email: first })).body.emailVerified).toBe(false);
  });

  it("resends the link on request, a few times an hour; not for a verified address", async () => {
    const member = await insertMember(t.database.db);
    const agent = await confirmedAgent(t.app, member.username);
    // Every request counts, this one too.
    expect((await agent.post("/api/auth/verify-email/resend")).status).toBe(400);
    const email = newAddress();
    await agent.patch("/api/auth/profile").send({ email });
    for (let i = 1; i < VERIFICATION_MAILS_PER_HOUR; i++) expect((await agent.post("/api/auth/verify-email/resend")).status).toBe(204);
    expect((await agent.post("/api/auth/verify-email/resend")).status).toBe(429);
    await delivered();
    const sent = mailsTo(email);
    expect(sent).toHaveLength(VERIFICATION_MAILS_PER_HOUR);
    expect((await request(t.app).post("/api/auth/verify-email").send({ token: linkToken(sent.at(-1)!, "/verify-email") })).status).toBe(204);

    const other = await verifiedMember();
    expect((await (await signedInAgent(t.app, other.username)).post("/api/auth/verify-email/resend")).status).toBe(409);
  });
});

describe("a changed address", () => {
  const noticeTo = (address: string) => smtp.next((mail) => recipients(mail).includes(address) && /email address was changed/.test(mail.subject ?? ""));

  it("mails the old verified address, not the new one, the new one masked, when, and a reset link that works", async () => {
    const member = await verifiedMember();
    const agent = await confirmedAgent(t.app, member.username);
    const newEmail = `newhome${++addressCount}.${process.pid}@elsewhere.example`;
    const before = Date.now();
    expect((await agent.patch("/api/auth/profile").send({ email: newEmail })).status).toBe(200);

    const notice = await noticeTo(member.email);
    expect(notice.subject).toBe("Your Enclave email address was changed");
    expect(notice.text).toContain("was changed to n•••@elsewhere.example on ");
    expect(notice.html).toContain("n•••@elsewhere.example");
    expect(notice.text).not.toContain(newEmail);
    expect(notice.html).not.toContain(newEmail);
    const [, stamp] = /on (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\./.exec(notice.text ?? "") ?? [];
    expect(Math.abs(Date.parse(`${stamp!.replace(" ", "T")}:00Z`) - before)).toBeLessThan(120_000);
    expect(notice.html).toContain(`href="${SITE}/reset-password?token=`);
    // The new address gets its verification link only.
    await nextMailTo(newEmail);
    await delivered();
    expect(mailsTo(newEmail).map((mail) => mail.subject)).toEqual(["Confirm your email address for Enclave"]);

    // The reset link takes the account back: a new password, and whoever changed the address is signed out.
    const token = linkToken(notice, "/reset-password");
    expect((await request(t.app).post("/api/auth/reset-password").send({ token, password: "Taken-back-9" })).status).toBe(204);
    expect((await agent.get("/api/auth/user")).status).toBe(401);
    expect((await request(t.app).post("/api/auth/login").send({ username: member.username, password: "Taken-back-9" })).status).toBe(200);
  });

  it("says so when the address was removed, and mails no notice for an unverified address", async () => {
    const member = await verifiedMember();
    const agent = await confirmedAgent(t.app, member.username);
    expect((await agent.patch("/api/auth/profile").send({ email: "" })).body.email).toBeNull();
    expect((await noticeTo(member.email)).text).toContain("The email address of your account was removed on ");

    const unverified = newAddress();
    await agent.patch("/api/auth/profile").send({ email: unverified });
    await nextMailTo(unverified);
    await agent.patch("/api/auth/profile").send({ email: newAddress() });
    await delivered();
    expect(mailsTo(unverified).map((mail) => mail.subject)).toEqual(["Confirm your email address for Enclave"]);
  });
});

/** Sends one forgot-password request for `login`; it always answers 204. */
const forgot = async (login: string, app = t.app, from = fromAddress(1)) => {
  const res = await request(app).post("/api/auth/forgot-password").set(...from).send({ login });
  return res.status;
};

describe("password reset", () => {
  it("answers 204 whether or not the login names anyone, and mails only a verified address", async () => {
    const unverified = await insertMember(t.database.db, { email: newAddress() });
    const member = await verifiedMember();
    expect(await forgot("nobody_by_that_name")).toBe(204);
    expect(await forgot("nobody@mail.example")).toBe(204);
    expect(await forgot(unverified.username)).toBe(204);
    expect(await forgot(unverified.email!)).toBe(204);
    expect(await forgot(member.username.toUpperCase())).toBe(204);
    expect(await forgot(member.email.toUpperCase())).toBe(204);
    await delivered();
    expect(mailsTo(unverified.email!)).toEqual([]);
    const sent = mailsTo(member.email);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain(`${SITE}/reset-password?token=`);
    expect(sent[0]!.html).toContain(`href="${SITE}/reset-password?token=`);
  });

  it("does the same work for a login that names nobody as for one that names a member", async () => {
    const member = await verifiedMember();
    const statements = async (login: string) =>
      (await statementsDuring(async () => expect(await forgot(login)).toBe(204))).map((statement) => statement.text);
    const known = await statements(member.username);
    // The lookup, the conditional insert, the mail queued (or not) and the transaction around them: no statement more or less.
    expect(known.some((text) => /INSERT INTO email_tokens/.test(text))).toBe(true);
    expect(known.some((text) => /graphile_worker\.add_job/.test(text))).toBe(true);
    expect(await statements("nobody_by_that_name")).toEqual(known);
  });

  it("sets the password by the link's token: every session and access token of the member ends, and the token works once", async () => {
    const member = await verifiedMember();
    const agent = await confirmedAgent(t.app, member.username);
    const token = (await agent.post("/api/tokens").send({ name: "script", scopes: ["read"] })).body.token as string;
    expect(await forgot(member.username)).toBe(204);
    const resetToken = linkToken(await nextMailTo(member.email), "/reset-password");

    const weak = await request(t.app).post("/api/auth/reset-password").send({ token: resetToken, password: "short" });
    expect(weak.status).toBe(400);
    const res = await request(t.app).post("/api/auth/reset-password").send({ token: resetToken, password: "Brand-new-9" });
    expect(res.status).toBe(204);

    expect((await agent.get("/api/auth/user")).status).toBe(401);
    expect((await request(t.app).get("/api/auth/user").set("Authorization", `Bearer ${token}`)).status).toBe(401);
    expect((await request(t.app).post("/api/auth/login").send({ username: member.username, password: PASSWORD })).status).toBe(401);
    expect((await request(t.app).post("/api/auth/login").send({ username: member.username, password: "Brand-new-9" })).status).toBe(200);
    expect((await request(t.app).post("/api/auth/reset-password").send({ token: resetToken, password: "Another-new-9" })).status).toBe(400);
  });

  it("kills the older links of the member with the one used", async () => {
    const member = await verifiedMember();
    await forgot(member.username);
    await forgot(member.username);
    await delivered();
    const [older, newer] = mailsTo(member.email).map((mail) => linkToken(mail, "/reset-password"));
    expect((await request(t.app).post("/api/auth/reset-password").send({ token: newer, password: "Brand-new-9" })).status).toBe(204);
    expect((await request(t.app).post("/api/auth/reset-password").send({ token: older, password: "Another-new-9" })).status).toBe(400);
  });

  it("refuses a link older than an hour", async () => {
    const member = await verifiedMember();
    await forgot(member.username);
    const token = linkToken(await nextMailTo(member.email), "/reset-password");
    await t.database.db.update(emailTokens).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(emailTokens.userId, member.id));
    expect((await request(t.app).post("/api/auth/reset-password").send({ token, password: "Brand-new-9" })).status).toBe(400);
  });

  it(`mails a member at most ${RESET_MAILS_PER_HOUR} links an hour; further requests still answer 204`, async () => {
    const member = await verifiedMember();
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) expect(await forgot(member.username)).toBe(204);
    await delivered();
    expect(mailsTo(member.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it("answers 429 past 5 requests an hour from one address, whatever they name", async () => {
    const limited = await createTestApp({ ...BEHIND_PROXY, SMTP_URL: smtp.url, PUBLIC_URL: SITE, RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: "5" }, { database: t.database });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await forgot(`nobody_${i}`, limited.app, fromAddress(2)));
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
      // Another address has its own count.
      expect(await forgot("nobody", limited.app, fromAddress(3))).toBe(204);
    } finally {
      await limited.close();
    }
  });

  it("keeps a deleted member's link from working", async () => {
    const member = await verifiedMember();
    await forgot(member.username);
    const token = linkToken(await nextMailTo(member.email), "/reset-password");
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.id));
    expect((await request(t.app).post("/api/auth/reset-password").send({ token, password: "Brand-new-9" })).status).toBe(400);
  });
});

describe("one-click unsubscribe", () => {
  it("sets email notifications to never without a session; a forged token is refused", async () => {
    const member = await verifiedMember();
    const token = t.mail.unsubscribeTokens.make(member.id);
    const forged = `${member.id}.${"A".repeat(43)}`;
    const someoneElse = t.mail.unsubscribeTokens.make(member.id + 1).replace(/^\d+/, String(member.id));
    for (const bad of [forged, someoneElse, "", "1.x"]) {
      const res = await request(t.app).post(`/api/email/unsubscribe?token=${encodeURIComponent(bad)}`).type("form").send("List-Unsubscribe=One-Click");
      expect(res.status).toBe(400);
    }
    expect((await readUser(t.database.db, member.id)).emailNotifications).toBe("away");
    const res = await request(t.app).post(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`).type("form").send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(204);
    expect((await readUser(t.database.db, member.id)).emailNotifications).toBe("never");
  });
});

describe("email notification preference", () => {
  it("is away by default, editable on the profile, validated", async () => {
    const member = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, member.username);
    expect((await agent.get("/api/auth/user")).body.emailNotifications).toBe("away");
    expect((await agent.patch("/api/auth/profile").send({ emailNotifications: "daily" })).body.emailNotifications).toBe("daily");
    expect((await agent.patch("/api/auth/profile").send({ emailNotifications: "hourly" })).status).toBe(400);
    expect((await agent.get("/api/auth/user")).body.emailNotifications).toBe("daily");
  });
});
