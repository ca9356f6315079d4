import type { SendMailOptions } from 'nodemailer';
import { plainText } from '@second-gear/contract/constants';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** An outbox row with what its email needs of its notification. */
export interface OutboxEmail {
  id: string;
  userId: string;
  toAddress: string;
  subject: string;
  textBody: string;
  /** The notification's page; null for an account email (account-email.ts), whose text holds its links. */
  link: string | null;
  calendar: string | null;
}

export interface MessageSettings {
  publicUrl: string;
  from: string;
  /** The app's auth secret, which signs the unsubscribe link. */
  secret: string;
}

/**
 * The email of a notification: a plain-text part always and a simple HTML twin, the link to the
 * notification's page, an unsubscribe link in the text and the List-Unsubscribe headers (RFC 8058
 * one-click), the calendar as `invite.ics`. The Message-ID comes from the outbox row, so a message
 * sent twice by accident is one message to mail programs that de-duplicate on it.
 *
 * An account email (no notification, so no `link`: a reset link, a changed password) carries its
 * own links in its text and no unsubscribe: it is sent whatever the person chose for notifications.
 */
export function emailOf(email: OutboxEmail, settings: MessageSettings): SendMailOptions {
  const host = new URL(settings.publicUrl).hostname;
  // Rows stored before notify() cleaned its text are cleaned here too: the subject is a header.
  const subject = plainText(email.subject);
  const body = plainText(email.textBody, 'lines');
  const { text, html, headers } = email.link === null ? accountParts(body) : notificationParts(email, email.link, body, settings);
  return {
    from: settings.from,
    to: email.toAddress,
    subject,
    messageId: `<${email.id}@${host}>`,
    text,
    html,
    ...(headers ? { headers } : {}),
    ...(email.calendar ? { icalEvent: { method: calendarMethod(email.calendar), filename: 'invite.ics', content: email.calendar } } : {}),
  };
}

// A long address, link or car name wraps on a phone's mail app instead of widening the message past
// the screen: overflow-wrap for today's clients, word-wrap and word-break for older WebKit and Outlook.
// On a wrapper, not the body, whose styles some webmail clients drop.
const HTML_START = '<!doctype html><html><body><div style="overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word">';
const HTML_END = '</div></body></html>';

function notificationParts(email: OutboxEmail, link: string, body: string, { publicUrl, secret }: MessageSettings) {
  const page = `${publicUrl}${link}`;
  const token = unsubscribeToken(secret, email.userId);
  const unsubscribePage = `${publicUrl}/unsubscribe?token=${token}`;
  const oneClick = `${publicUrl}/api/email/unsubscribe?token=${token}`;
  const text = [
    body,
    '',
    `Open it on Second Gear: ${page}`,
    '',
    '-- ',
    'You receive this email because you have an account on Second Gear.',
    `To receive no more notification emails: ${unsubscribePage}`,
    '',
  ].join('\n');
  const html = [
    HTML_START,
    ...paragraphs(body),
    `<p><a href="${escapeHtml(page)}">Open it on Second Gear</a></p>`,
    `<p style="color:#666;font-size:small">You receive this email because you have an account on Second Gear. <a href="${escapeHtml(unsubscribePage)}">Unsubscribe</a> from notification emails.</p>`,
    HTML_END,
  ].join('\n');
  return { text, html, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

function accountParts(body: string) {
  const footer = 'This email is about your Second Gear account.';
  const text = [body, '', '-- ', footer, ''].join('\n');
  const linked = (p: string) => escapeHtml(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const html = [HTML_START, ...paragraphs(body, linked), `<p style="color:#666;font-size:small">${footer}</p>`, HTML_END].join('\n');
  return { text, html, headers: undefined };
}

function paragraphs(body: string, escape = escapeHtml): string[] {
  return body.split(/\n{2,}/).map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`);
}

/** The calendar's own METHOD (an invitation or update: REQUEST; a cancellation: CANCEL). */
function calendarMethod(calendar: string): string {
  return /^METHOD:(\w+)/m.exec(calendar)?.[1]?.toUpperCase() ?? 'REQUEST';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
