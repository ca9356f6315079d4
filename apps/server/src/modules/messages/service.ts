import type { Pool, PoolClient } from 'pg';
import {
  messageLimits,
  type ConversationSummary,
  type FlaggedMessage,
  type Message,
  type OpenedConversation,
  type Product,
  type ScamSignal,
} from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { assertConfirmedEmail } from '../../auth/guards.ts';
import { RateLimits, type Limit } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError, waitWords } from '../../errors.ts';
import { imageUrls } from '../../images/store.ts';
import { takenWords } from '../cars/product.ts';
import { notify, publishLive } from '../notifications/notify.ts';
import { scamSignalsIn } from './scam-signals.ts';

const MESSAGES_PER_MINUTE: Limit = { max: messageLimits.perMinute, minutes: 1 };
const NEW_CONVERSATIONS_PER_HOUR: Limit = { max: messageLimits.newConversationsPerHour, minutes: 60 };

/** A thread's page, and the longest lists: beyond these a person scrolls a thread by `after`. */
export const THREAD_PAGE = 200;
export const CONVERSATIONS_LIMIT = 200;
export const FLAGGED_LIMIT = 200;
/** How much of the latest message the conversation list shows. */
const PREVIEW_CHARS = 140;

interface MessageRow {
  id: number;
  conversation_id: string;
  sender_id: string;
  sender_name: string;
  body: string;
  warnings: ScamSignal[];
  created_at: Date;
}

/** A message's columns as toMessage reads them (`m`: messages, `u`: the sender). */
const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, u.name as sender_name, m.body, m.warnings, m.created_at`;

function toMessage(r: MessageRow, viewerId: string): Message {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderName: r.sender_name,
    mine: r.sender_id === viewerId,
    text: r.body,
    sentAt: r.created_at.toISOString(),
    warnings: r.warnings,
  };
}

/** The conversation if `userId` is one of its two parties; null for anyone else, exactly as for a missing one. */
async function partyOf(db: Pool | PoolClient, conversationId: string, userId: string) {
  const { rows } = await db.query<{ buyer_id: string; seller_id: string; product_name: string; other_left: boolean }>(
    `select c.buyer_id, c.seller_id, p.product_name,
            exists (select 1 from users u where u.id = case when c.buyer_id = $2 then c.seller_id else c.buyer_id end and u.deleted_at is not null) as other_left
       from conversations c join products p on p.id = c.product_id
      where c.id = $1 and $2 in (c.buyer_id, c.seller_id)`,
    [conversationId, userId],
  );
  return rows[0] ?? null;
}

const SEND_MESSAGES = 'send messages';
const notFound = () => new AppError('NOT_FOUND', 'You have no such conversation.');
/** The other party deleted their account: the conversation stays for the record, but nobody reads it. */
const otherLeft = () => new AppError('CONFLICT', 'This person deleted their account, so your message cannot reach them.');

/** Counts one message of `sender` against the per-minute limit, refusing the one over it. */
async function takeMessageAllowance(limits: RateLimits, senderId: string) {
  const minutes = await limits.take([{ key: `message:${senderId}`, limit: MESSAGES_PER_MINUTE }]);
  if (minutes) {
    throw new AppError('TOO_MANY_REQUESTS', `You are sending messages too fast (at most ${MESSAGES_PER_MINUTE.max} a minute). Wait a minute and send it again.`, minutes * 60);
  }
}

/**
 * Adds a message to a conversation, in the caller's transaction: the conversation's latest activity,
 * the sender's read mark (they have seen the thread they answer), the live events of both parties'
 * open pages, and the recipient's notification and email, which only the first message since they
 * last read the conversation brings, so that a burst of twenty messages is one email.
 */
async function addMessage(client: PoolClient, conversationId: string, sender: Actor, text: string): Promise<Message> {
  const warnings = scamSignalsIn(text);
  const { rows } = await client.query<MessageRow & { recipient_id: string; product_name: string; first_unread: boolean }>(
    `with sent as (
       insert into messages (conversation_id, sender_id, body, warnings) values ($1, $2, $3, $4)
       returning id, conversation_id, sender_id, body, warnings, created_at
     ), c as (
       select * from conversations where id = $1
     ), touched as (
       update conversations set last_message_at = now(),
              buyer_read_id = case when buyer_id = $2 then (select id from sent) else buyer_read_id end,
              seller_read_id = case when seller_id = $2 then (select id from sent) else seller_read_id end
        where id = $1
     )
     select sent.id, sent.conversation_id, sent.sender_id, $5::text as sender_name, sent.body, sent.warnings, sent.created_at,
            case when c.buyer_id = $2 then c.seller_id else c.buyer_id end as recipient_id,
            p.product_name,
            not exists (
              select 1 from messages m
               where m.conversation_id = $1 and m.sender_id = $2
                 and m.id > case when c.buyer_id = $2 then c.seller_read_id else c.buyer_read_id end
            ) as first_unread
       from sent, c join products p on p.id = c.product_id`,
    [conversationId, sender.id, text, warnings, sender.name],
  );
  const row = rows[0]!;
  await publishLive(client, { user: row.recipient_id, type: 'message', id: String(row.id) });
  await publishLive(client, { user: sender.id, type: 'message', id: String(row.id) });
  if (row.first_unread) {
    await notify(client, {
      userId: row.recipient_id,
      eventKey: `message:${conversationId}:${row.id}`,
      kind: 'message',
      title: `New message from ${sender.name} about ${row.product_name}`.slice(0, 200),
      body: `${sender.name} wrote:\n\n${text.length > 500 ? `${text.slice(0, 500)}…` : text}\n\nAnswer on Second Gear, in Messages.`,
      link: `/dashboard/messages?c=${conversationId}`,
    });
  }
  return toMessage(row, sender.id);
}

/**
 * A buyer's message about a car: into their conversation about it with its seller, opened now if
 * there is none. Only a car on the market can start a conversation; one already started goes on
 * whatever became of the car (the two still have a meeting to arrange). New conversations are
 * limited per buyer and hour, messages per sender and minute, across every app process.
 */
export async function openConversation(pool: Pool, limits: RateLimits, buyer: Actor, productId: string, text: string): Promise<OpenedConversation> {
  assertConfirmedEmail(buyer, SEND_MESSAGES);
  const { rows } = await pool.query<{ product_name: string; seller_id: string | null; paid: boolean; sales_status: Product['salesStatus']; withdrawn: boolean; conversation_id: string | null }>(
    `select p.product_name, p.seller_id, p.paid, p.sales_status, p.withdrawn_at is not null as withdrawn,
            (select id from conversations where product_id = p.id and buyer_id = $2) as conversation_id
       from products p where p.id = $1`,
    [productId, buyer.id],
  );
  const car = rows[0];
  if (car?.conversation_id) {
    if ((await partyOf(pool, car.conversation_id, buyer.id))?.other_left) throw otherLeft();
    await takeMessageAllowance(limits, buyer.id);
    const message = await inTransaction(pool, (client) => addMessage(client, car.conversation_id!, buyer, text));
    return { conversationId: car.conversation_id, message };
  }
  if (!car || !car.seller_id || car.withdrawn) throw new AppError('NOT_FOUND', 'This car is no longer listed.');
  if (car.seller_id === buyer.id) throw new AppError('BAD_REQUEST', 'You cannot message yourself about your own car.');
  if (car.paid) throw new AppError('CONFLICT', `${takenWords(car.product_name, car.sales_status)}.`);

  const newKey = `conversation:${buyer.id}`;
  const minutes = await limits.take([{ key: newKey, limit: NEW_CONVERSATIONS_PER_HOUR }]);
  if (minutes) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have started ${NEW_CONVERSATIONS_PER_HOUR.max} conversations in the last hour. You can start another in ${waitWords(minutes)}; your conversations already started are open to you.`,
      minutes * 60,
    );
  }
  try {
    await takeMessageAllowance(limits, buyer.id);
  } catch (err) {
    await limits.giveBack([newKey]);
    throw err;
  }
  const opened = await inTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: string; created: boolean }>(
      `with made as (
         insert into conversations (product_id, buyer_id, seller_id) values ($1, $2, $3)
         on conflict (product_id, buyer_id) do nothing returning id
       )
       select id, true as created from made
       union all select id, false from conversations where product_id = $1 and buyer_id = $2 and not exists (select 1 from made)`,
      [productId, buyer.id, car.seller_id],
    );
    const { id, created } = inserted.rows[0]!;
    return { conversationId: id, created, message: await addMessage(client, id, buyer, text) };
  });
  // Two first messages at once: the other request opened it, so this one opened nothing.
  if (!opened.created) await limits.giveBack([newKey]);
  return { conversationId: opened.conversationId, message: opened.message };
}

export async function sendMessage(pool: Pool, limits: RateLimits, sender: Actor, conversationId: string, text: string): Promise<Message> {
  const party = await partyOf(pool, conversationId, sender.id);
  if (!party) throw notFound();
  assertConfirmedEmail(sender, SEND_MESSAGES);
  if (party.other_left) throw otherLeft();
  await takeMessageAllowance(limits, sender.id);
  return inTransaction(pool, (client) => addMessage(client, conversationId, sender, text));
}

/** The caller's conversations as buyer and as seller, latest activity first. */
export async function listConversations(pool: Pool, user: Actor): Promise<ConversationSummary[]> {
  const { rows } = await pool.query<{
    id: string;
    product_id: string;
    product_name: string;
    image_key: string | null;
    widths: number[] | null;
    role: 'buyer' | 'seller';
    other_name: string;
    last_body: string;
    last_mine: boolean;
    last_message_at: Date;
    unread: number;
  }>(
    `select c.id, c.product_id, p.product_name, p.image_key, i.widths, x.role, o.name as other_name,
            left(last.body, ${PREVIEW_CHARS}) as last_body, last.sender_id = $1 as last_mine, c.last_message_at,
            (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id <> $1 and m.id > x.read_id) as unread
       from conversations c
       cross join lateral (
         select case when c.buyer_id = $1 then 'buyer' else 'seller' end as role,
                case when c.buyer_id = $1 then c.buyer_read_id else c.seller_read_id end as read_id,
                case when c.buyer_id = $1 then c.seller_id else c.buyer_id end as other_id
       ) x
       join products p on p.id = c.product_id
       left join images i on i.key = p.image_key
       join users o on o.id = x.other_id
       cross join lateral (select body, sender_id from messages m where m.conversation_id = c.id order by m.id desc limit 1) last
      where c.buyer_id = $1 or c.seller_id = $1
      order by c.last_message_at desc, c.id
      limit ${CONVERSATIONS_LIMIT}`,
    [user.id],
  );
  return rows.map((r) => ({
    _id: r.id,
    car: { _id: r.product_id, name: r.product_name, image: r.image_key && r.widths ? imageUrls(r.image_key, r.widths).url : '' },
    role: r.role,
    otherName: r.other_name,
    lastMessage: r.last_body,
    lastMessageMine: r.last_mine,
    lastMessageAt: r.last_message_at.toISOString(),
    unread: r.unread,
  }));
}

/**
 * A thread, oldest first: without `after` its latest page, with it the messages after that id
 * (what arrived since the page last looked).
 */
export async function listMessages(pool: Pool, user: Actor, conversationId: string, after: number | undefined): Promise<Message[]> {
  if (!(await partyOf(pool, conversationId, user.id))) throw notFound();
  const { rows } = await pool.query<MessageRow>(
    after === undefined
      ? `select * from (select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id
           where m.conversation_id = $1 order by m.id desc limit ${THREAD_PAGE}) latest order by id`
      : `select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id
          where m.conversation_id = $1 and m.id > $2 order by m.id limit ${THREAD_PAGE}`,
    after === undefined ? [conversationId] : [conversationId, after],
  );
  return rows.map((r) => toMessage(r, user.id));
}

/** Marks every message of the conversation so far read by the caller; answers their unread count left. */
export async function markRead(pool: Pool, user: Actor, conversationId: string): Promise<number> {
  const { rowCount } = await pool.query(
    `update conversations c set
        buyer_read_id = case when c.buyer_id = $2 then coalesce(last.id, 0) else c.buyer_read_id end,
        seller_read_id = case when c.seller_id = $2 then coalesce(last.id, 0) else c.seller_read_id end
       from (select max(id) as id from messages where conversation_id = $1) last
      where c.id = $1 and $2 in (c.buyer_id, c.seller_id)`,
    [conversationId, user.id],
  );
  if (!rowCount) throw notFound();
  return unreadCount(pool, user);
}

/** Messages to the caller they have not read yet, over all their conversations. */
export async function unreadCount(pool: Pool, user: Actor): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from conversations c join messages m on m.conversation_id = c.id
      where m.sender_id <> $1
        and ((c.buyer_id = $1 and m.id > c.buyer_read_id) or (c.seller_id = $1 and m.id > c.seller_read_id))`,
    [user.id],
  );
  return rows[0]!.count;
}

/**
 * One message as `userId` sees it, if they are a party to its conversation (the live stream's
 * `message` event); null otherwise.
 */
export async function messageFor(pool: Pool, userId: string, messageId: number): Promise<Message | null> {
  const { rows } = await pool.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id join conversations c on c.id = m.conversation_id
      where m.id = $1 and $2 in (c.buyer_id, c.seller_id)`,
    [messageId, userId],
  );
  return rows[0] ? toMessage(rows[0], userId) : null;
}

/** Every message to or from `userId` after `afterId`, oldest first (a live stream's catching up after a reconnection). */
export async function messagesSince(pool: Pool, userId: string, afterId: number, limit: number): Promise<Message[]> {
  const { rows } = await pool.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id join conversations c on c.id = m.conversation_id
      where m.id > $1 and (c.buyer_id = $2 or c.seller_id = $2)
      order by m.id limit $3`,
    [afterId, userId, limit],
  );
  return rows.map((r) => toMessage(r, userId));
}

/** The admins' queue: messages carrying scam signals, newest first. */
export async function listFlaggedMessages(pool: Pool): Promise<FlaggedMessage[]> {
  const { rows } = await pool.query<{
    id: number;
    product_id: string;
    product_name: string;
    sender_name: string;
    recipient_name: string;
    body: string;
    warnings: ScamSignal[];
    created_at: Date;
  }>(
    `select m.id, p.id as product_id, p.product_name, s.name as sender_name, r.name as recipient_name, m.body, m.warnings, m.created_at
       from messages m
       join conversations c on c.id = m.conversation_id
       join products p on p.id = c.product_id
       join users s on s.id = m.sender_id
       join users r on r.id = case when m.sender_id = c.buyer_id then c.seller_id else c.buyer_id end
      where m.warnings <> '{}'
      order by m.id desc limit ${FLAGGED_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    car: { _id: r.product_id, name: r.product_name },
    senderName: r.sender_name,
    recipientName: r.recipient_name,
    text: r.body,
    warnings: r.warnings,
    sentAt: r.created_at.toISOString(),
  }));
}
