import { z } from 'zod';
import { messageLimits, scamSignals, type ScamSignal } from './constants.ts';

/** What a person types in the `Message` box: plain text, trimmed, 1–2,000 characters. */
export const messageText = z
  .string({ error: 'Message must be text' })
  .trim()
  .min(1, 'Message must not be empty')
  .max(messageLimits.text, `Message must be at most ${messageLimits.text.toLocaleString('en-US')} characters`);

/** `POST /conversations`: a buyer's first message about a car (or the next one, if they already talk about it). */
export const newConversationBody = z.object({ productId: z.uuid('productId must be the id of a car'), text: messageText }).strict();
export type NewConversationBody = z.input<typeof newConversationBody>;

/** `POST /conversations/:id/messages`. */
export const sendMessageBody = z.object({ text: messageText }).strict();
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** `GET /conversations/:id/messages?after=`: only messages after this id (the thread's newest shown). */
export const messagesQuery = z
  .object({ after: z.string().regex(/^\d{1,15}$/, 'after must be the id of a message').transform(Number).optional() })
  .strict();

const signal = z.enum(Object.keys(scamSignals) as [ScamSignal, ...ScamSignal[]]);

export const message = z.object({
  /** Increasing: a thread's order, and the live stream's event id. */
  id: z.number().int(),
  conversationId: z.uuid(),
  senderName: z.string(),
  /** Sent by the caller (shown on the right). */
  mine: z.boolean(),
  text: z.string(),
  sentAt: z.iso.datetime({ offset: true }),
  /** Scam signals found in the text: both parties see a warning next to it. */
  warnings: z.array(signal),
});
export type Message = z.infer<typeof message>;

export const conversationSummary = z.object({
  _id: z.uuid(),
  car: z.object({ _id: z.uuid(), name: z.string(), image: z.string() }),
  /** The caller's side of the conversation. */
  role: z.enum(['buyer', 'seller']),
  otherName: z.string(),
  /** The start of the latest message. */
  lastMessage: z.string(),
  lastMessageMine: z.boolean(),
  lastMessageAt: z.iso.datetime({ offset: true }),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const openedConversation = z.object({ conversationId: z.uuid(), message });
export type OpenedConversation = z.infer<typeof openedConversation>;

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** The admins' queue: messages carrying scam signals. */
export const flaggedMessage = z.object({
  id: z.number().int(),
  car: z.object({ _id: z.uuid(), name: z.string() }),
  senderName: z.string(),
  recipientName: z.string(),
  text: z.string(),
  warnings: z.array(signal),
  sentAt: z.iso.datetime({ offset: true }),
});
export type FlaggedMessage = z.infer<typeof flaggedMessage>;

/** `GET /live`: the event id the browser last received, sent back on reconnection. */
export const liveHeaders = z.object({ 'last-event-id': z.string().regex(/^\d{0,15}$/, 'Last-Event-ID must be the id of a message').optional() });
