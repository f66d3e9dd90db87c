import type { Notification } from "@shared/types";
import { notificationHref, notificationText } from "@shared/notification-text";
import { RESET_PASSWORD_MINUTES, VERIFY_EMAIL_HOURS } from "@shared/schemas/email";
import type { Config } from "../config";
import { escapeHtml } from "../html";
import type { Mail } from "./mailer";

/** Where the mail's links lead (the site's origin) and the site's name. */
export interface MailSite {
  origin: string;
  name: string;
}

/**
 * Every mail's links lead to PUBLIC_URL, else to this server on localhost (mail then only goes to
 * DATA_DIR/mail: SMTP_URL requires PUBLIC_URL). Never to a request's Host, which its sender chooses:
 * a password reset asked for with `Host: attacker.example` would mail its owner a link there.
 */
export const mailSite = (config: Pick<Config, "PUBLIC_URL" | "PORT" | "SITE_NAME">): MailSite => ({
  origin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  name: config.SITE_NAME,
});

type Content = Omit<Mail, "to">;

/** A paragraph of the mail, a section's heading, a button-like link with its label, or a list of links. */
type Block = { text: string } | { heading: string } | { link: string; label: string } | { list: { text: string; link: string }[] };

/**
 * The two parts of a mail from the same blocks: plain text with bare URLs, and simple HTML (one
 * table, inline styles, no images or scripts) that common mail clients render alike. Outlook's
 * Word engine ignores max-width: a conditional fixed-width table keeps the column there.
 */
function compose(site: MailSite, subject: string, blocks: Block[], footer: string[] = []): Content {
  const text = [
    ...blocks.map((block) =>
      "text" in block ? block.text : "heading" in block ? block.heading : "link" in block ? `${block.label}: ${block.link}` : block.list.map((item) => `- ${item.text}\n  ${item.link}`).join("\n"),
    ),
    ...(footer.length ? ["--", ...footer] : []),
  ].join("\n\n");
  const htmlBlocks = blocks.map((block) => {
    if ("text" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    if ("heading" in block) return `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(block.heading)}</p>`;
    if ("link" in block) {
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>`;
    }
    const items = block.list.map((item) => `<li style="margin:0 0 8px"><a href="${escapeHtml(item.link)}" style="color:#4338ca">${escapeHtml(item.text)}</a></li>`);
    return `<ul style="margin:0 0 16px;padding-left:20px">${items.join("")}</ul>`;
  });
  const footerHtml = footer.map((line) => `<p style="margin:0 0 8px;color:#6b7280;font-size:13px">${linkify(line)}</p>`).join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px 8px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;line-height:1.5">
<!--[if mso]><table role="presentation" width="560" align="center" cellspacing="0" cellpadding="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px">
<p style="margin:0 0 16px;font-weight:bold;font-size:18px">${escapeHtml(site.name)}</p>
${htmlBlocks.join("\n")}
${footerHtml}
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</body></html>`;
  return { subject, text, html };
}

/** A footer line's URL as a link (the line is escaped either way). */
const linkify = (line: string) => escapeHtml(line).replace(/https?:\/\/\S+/g, (url) => `<a href="${url}" style="color:#6b7280;word-break:break-all">${url}</a>`);

const withToken = (site: MailSite, pathname: string, token: string) => `${site.origin}${pathname}?token=${encodeURIComponent(token)}`;

export function verificationMail(site: MailSite, username: string, token: string): Content {
  return compose(site, `Confirm your email address for ${site.name}`, [
    { text: `Hi ${username},` },
    { text: `Please confirm that this is your email address. The link works once, for ${VERIFY_EMAIL_HOURS} hours.` },
    { link: withToken(site, "/verify-email", token), label: "Confirm email address" },
    { text: "If you did not add this address to your account, ignore this mail." },
  ]);
}

export function passwordResetMail(site: MailSite, username: string, token: string): Content {
  return compose(site, `Reset your ${site.name} password`, [
    { text: `Hi ${username},` },
    { text: `Someone asked to reset the password of your account. The link works once, for ${RESET_PASSWORD_MINUTES} minutes; resetting signs you out everywhere.` },
    { link: withToken(site, "/reset-password", token), label: "Choose a new password" },
    { text: "If you did not ask for this, ignore this mail: your password stays as it is." },
  ]);
}

/**
 * An address as a notice may show it to someone who may not be its owner: the first character of
 * the local part, then `•••` (`alice@example.org` → `a•••@example.org`).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 1 ? "•••" : `${address[0]}•••${address.slice(at)}`;
}

/** "2026-11-27 14:03 UTC": a time every reader reads the same, whatever their zone. */
const utcTime = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * To the address a verified account had, when it was changed (docs/product.md "Sensitive changes
 * need a fresh confirmation"): the new address masked, when, and a reset link, since the new
 * address is where resets go from now on.
 */
export function emailChangedMail(site: MailSite, change: { username: string; newEmail: string | null; at: Date; resetToken: string }): Content {
  const what = change.newEmail === null ? "was removed" : `was changed to ${maskEmail(change.newEmail)}`;
  return compose(site, `Your ${site.name} email address was changed`, [
    { text: `Hi ${change.username},` },
    { text: `The email address of your account ${what} on ${utcTime(change.at)}. This address no longer gets mail from ${site.name}.` },
    { text: `If this was not you, reset your password now: resetting signs out everyone using your account. The link works once, for ${RESET_PASSWORD_MINUTES} minutes.` },
    { link: withToken(site, "/reset-password", change.resetToken), label: "Reset your password" },
    { text: "If you made this change, you need not do anything." },
  ]);
}

/** A conversation with unread messages, as an away mail or digest lists it. */
export interface UnreadConversation {
  id: number;
  title: string | null;
  authors: string[];
  unread: number;
}

export interface UnreadSummary {
  notifications: Notification[];
  /** Unread notifications in all; `notifications` holds the newest of them. */
  notificationCount: number;
  conversations: UnreadConversation[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * An away mail or a daily digest: what is unread, with a one-click unsubscribe (RFC 8058) in its
 * headers and a link to the unsubscribe page in its footer.
 */
export function unreadMail(site: MailSite, kind: "away" | "daily", username: string, unread: UnreadSummary, unsubscribeToken: string): Content {
  const parts = [
    unread.notificationCount > 0 ? plural(unread.notificationCount, "unread notification", "unread notifications") : undefined,
    unread.conversations.length > 0 ? plural(unread.conversations.length, "conversation", "conversations") + " with unread messages" : undefined,
  ].filter((part) => part !== undefined);
  const subject = kind === "daily" ? `Your daily ${site.name} digest: ${parts.join(", ")}` : `You have ${parts.join(" and ")} on ${site.name}`;
  const blocks: Block[] = [{ text: `Hi ${username}, here is what is waiting for you${kind === "daily" ? " today" : ""}.` }];
  if (unread.conversations.length) {
    blocks.push({ heading: "Messages" });
    blocks.push({
      list: unread.conversations.map((conversation) => ({
        text: `${plural(conversation.unread, "new message", "new messages")} from ${conversation.authors.join(", ")}${conversation.title ? ` in ${conversation.title}` : ""}`,
        link: `${site.origin}/messages/${conversation.id}`,
      })),
    });
  }
  if (unread.notifications.length) {
    blocks.push({ heading: "Notifications" });
    blocks.push({ list: unread.notifications.map((notification) => ({ text: notificationText(notification), link: site.origin + notificationHref(notification) })) });
    const more = unread.notificationCount - unread.notifications.length;
    if (more > 0) blocks.push({ text: `and ${plural(more, "more notification", "more notifications")}.` });
  }
  blocks.push({ link: `${site.origin}/notifications`, label: `Open ${site.name}` });
  const content = compose(site, subject, blocks, [
    `You get this mail because your email notifications are set to "${kind}". Unsubscribe: ${withToken(site, "/unsubscribe", unsubscribeToken)}`,
  ]);
  return {
    ...content,
    headers: {
      "List-Unsubscribe": `<${withToken(site, "/api/email/unsubscribe", unsubscribeToken)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
