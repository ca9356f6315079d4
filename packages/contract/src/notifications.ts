import { z } from 'zod';

/** One entry of the bell (`GET /api/notifications`). */
export const notification = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the web app. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** The caller's latest notifications, newest first, and how many of all of theirs are unread. */
export const notificationList = z.object({ notifications: z.array(notification), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationList>;

/** `POST /api/notifications/read`: these of the caller's notifications, or all of them. */
export const markReadBody = z.union([
  z.object({ ids: z.array(z.uuid('ids must be notification ids')).min(1, 'ids must name at least one notification').max(100, 'ids can name at most 100 notifications') }).strict(),
  z.object({ all: z.literal(true, 'all must be true') }).strict(),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;
export const unreadNotifications = z.object({ unread: z.number().int() });

/** `POST /api/email/unsubscribe`: the token of an email's unsubscribe link (JSON, or in the address for one-click). */
const unsubscribeToken = z.string().min(1, 'The unsubscribe link is incomplete.').max(300, 'The unsubscribe link is not valid.').optional();
export const unsubscribeBody = z.object({ token: unsubscribeToken }).strict();
export const unsubscribeQuery = z.object({ token: unsubscribeToken }).strict();
export const unsubscribeResult = z.object({ unsubscribed: z.literal(true) });

/** The development mailbox (never in production): the emails the server sent to itself. */
export const mailboxEntry = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  hasCalendar: z.boolean(),
});
export type MailboxEntry = z.infer<typeof mailboxEntry>;

export const mailboxAttachment = z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() });

export const mailboxMessage = mailboxEntry.extend({
  text: z.string(),
  /** The HTML part's source, as text: the mailbox never renders it. */
  html: z.string().nullable(),
  /** The headers that matter (Message-ID, List-Unsubscribe, List-Unsubscribe-Post, Content-Type…). */
  headers: z.record(z.string(), z.string()),
  attachments: z.array(mailboxAttachment),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

export const mailboxAttachmentParams = z.object({ id: z.uuid(), n: z.coerce.number().int().min(0).max(99) }).strict();
