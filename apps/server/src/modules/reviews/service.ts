import type { Pool, PoolClient } from 'pg';
import {
  reviewLimits,
  scamSignals,
  type OwnReview,
  type PersonReviews,
  type PublicReview,
  type ReportedReview,
  type ReviewableSale,
  type WriteReviewBody,
} from '@second-gear/contract';
import { clockOrUtc, writeDate } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import { RateLimits, type Limit } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError, waitWords } from '../../errors.ts';
import { ratingJson, reviewShown } from '../cars/seller-rating.ts';
import { scamSignalsIn } from '../messages/scam-signals.ts';
import { notify } from '../notifications/notify.ts';

// Reviews only a completed sale can write (issue 48, decision 042). Every rule of time is read
// against `deps.now()`, passed to SQL as a parameter, so the tests hold them on a fixed clock.

export interface ReviewDeps {
  pool: Pool;
  /** The clock every rule of time reads (the 14 days, blindness): the wall clock, or a test's fixed one. */
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** The last moment a sale released at `releasedAt` takes a review, and when a lone review shows. */
export const writeUntil = (releasedAt: Date) => new Date(releasedAt.getTime() + reviewLimits.days * DAY_MS);

/** The longest lists: a person's reviews on one page, and the admins' queue. */
export const REVIEWS_LIMIT = 100;
/** Reports one person may make in an hour: room for a bad afternoon, a bound on filling the admins' queue. */
export const REVIEW_REPORTS_PER_HOUR: Limit = { max: 10, minutes: 60 };

/**
 * Review text passes the checks messages pass (modules/messages/scam-signals.ts: contact details and
 * moving off the site, payment before a viewing, gift cards, wires, crypto, read through invisible
 * characters and look-alike letters). A message with a signal is sent with a warning beside it; a
 * review is public and lasts, so one with a signal is refused, saying what was found.
 */
function checkText(text: string, what: 'review' | 'reply') {
  const found = scamSignalsIn(text);
  if (found.length) {
    throw new AppError('BAD_REQUEST', `A ${what} cannot mention ${found.map((s) => scamSignals[s]).join(', ')}: reviews are public, so contact details and payment arrangements stay out of them.`);
  }
}

interface SaleRow {
  id: string;
  state: 'held' | 'released' | 'refunded';
  released_at: Date | null;
  role: 'buyer' | 'seller';
  subject_id: string | null;
  subject_gone: boolean;
  disputed: boolean;
  product_name: string;
}

/** The caller's sale (as its buyer or its seller), locked so that the two sides' reviews are written one after the other; null for anyone else's. */
async function lockSale(client: PoolClient, paymentId: string, actor: Actor): Promise<SaleRow | null> {
  const { rows } = await client.query<SaleRow>(
    `select pay.id, pay.state, pay.released_at,
            case when pay.buyer_id = $2 then 'buyer' else 'seller' end as role,
            case when pay.buyer_id = $2 then pay.seller_id else pay.buyer_id end as subject_id,
            coalesce((select u.deleted_at is not null from users u where u.id = case when pay.buyer_id = $2 then pay.seller_id else pay.buyer_id end), true) as subject_gone,
            exists (select 1 from disputes d where d.payment_id = pay.id) as disputed,
            coalesce(b.product_name, p.product_name, 'The car') as product_name
       from payments pay
       left join bookings b on b.id = pay.booking_id
       left join products p on p.id = pay.product_id
      where pay.id = $1 and $2 in (pay.buyer_id, pay.seller_id)
      for update of pay`,
    [paymentId, actor.id],
  );
  return rows[0] ?? null;
}

/**
 * `Write a review`: the buyer's of the seller or the seller's of the buyer, once each, while the sale's
 * payment is released and within reviewLimits.days of the release. A refunded sale has none (there
 * was no sale), nor one that went to an admin as a problem (the admin's decision is its record).
 * The review is blind: it shows 14 days after the release, or as soon as the other side's is in,
 * which brings both forward to now.
 */
export async function writeReview(deps: ReviewDeps, actor: Actor, paymentId: string, body: WriteReviewBody): Promise<ReviewableSale> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    const sale = await lockSale(client, paymentId, actor);
    if (!sale) throw new AppError('NOT_FOUND', 'You have no such sale.');
    if (sale.state === 'refunded') throw new AppError('CONFLICT', `${sale.product_name} was refunded, so there is no sale to review.`);
    if (sale.state !== 'released') throw new AppError('CONFLICT', `You can review this sale once the payment for ${sale.product_name} is released to the seller.`);
    if (sale.disputed) throw new AppError('CONFLICT', `${sale.product_name} went to an admin as a problem, so its sale takes no reviews: the admin's decision is its record.`);
    const until = writeUntil(sale.released_at!);
    if (now >= until) throw new AppError('CONFLICT', `Reviews of this sale closed on ${writeDate(until, clockOrUtc(actor.clock))}, ${reviewLimits.days} days after the payment was released.`);
    if (sale.subject_gone) throw new AppError('CONFLICT', 'This person deleted their account, so there is no one to review.');
    checkText(body.text, 'review');
    const { rows } = await client.query<{ id: string }>(
      `insert into reviews (payment_id, author_role, author_id, subject_id, rating, body, created_at, shown_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (payment_id, author_role) do nothing returning id`,
      [sale.id, sale.role, actor.id, sale.subject_id, body.rating, body.text, now, until],
    );
    if (!rows[0]) throw new AppError('CONFLICT', `You have already reviewed the sale of ${sale.product_name}.`);
    // Both are in: neither wrote knowing the other's, so both show now.
    await client.query(`update reviews set shown_at = $2 where payment_id = $1 and shown_at > $2 and (select count(*) from reviews where payment_id = $1) = 2`, [sale.id, now]);
    const [mine] = await salesOf(client, actor, now, sale.id);
    return mine!;
  });
}

interface ReviewableRow {
  payment_id: string;
  role: 'buyer' | 'seller';
  product_name: string;
  other_name: string;
  released_at: Date;
  review_id: string | null;
  rating: number | null;
  body: string | null;
  created_at: Date | null;
  shown_at: Date | null;
  hidden: boolean;
}

/** The caller's released sales, newest first (or the one `paymentId`), with their review of each. */
async function salesOf(db: Pool | PoolClient, actor: Actor, now: Date, paymentId: string | null = null): Promise<ReviewableSale[]> {
  const { rows } = await db.query<ReviewableRow>(
    `select pay.id as payment_id, s.role, coalesce(b.product_name, p.product_name, 'The car') as product_name,
            coalesce(other.name, 'A deleted account') as other_name, pay.released_at,
            r.id as review_id, r.rating, r.body, r.created_at, r.shown_at, r.hidden_at is not null as hidden
       from payments pay
       cross join lateral (select case when pay.buyer_id = $1 then 'buyer' else 'seller' end as role) s
       left join bookings b on b.id = pay.booking_id
       left join products p on p.id = pay.product_id
       left join users other on other.id = case when s.role = 'buyer' then pay.seller_id else pay.buyer_id end and other.deleted_at is null
       left join reviews r on r.payment_id = pay.id and r.author_role = s.role
      where $1 in (pay.buyer_id, pay.seller_id) and pay.state = 'released'
        and not exists (select 1 from disputes d where d.payment_id = pay.id)
        and ($2::uuid is null or pay.id = $2)
      order by pay.released_at desc
      limit ${REVIEWS_LIMIT}`,
    [actor.id, paymentId],
  );
  return rows.map((r) => {
    const until = writeUntil(r.released_at);
    const review: OwnReview | null = r.review_id
      ? { id: r.review_id, rating: r.rating!, text: r.body!, writtenAt: r.created_at!.toISOString(), shown: r.shown_at! <= now && !r.hidden, showsOn: r.shown_at!.toISOString(), hidden: r.hidden }
      : null;
    return {
      paymentId: r.payment_id,
      role: r.role,
      productName: r.product_name,
      otherName: r.other_name,
      releasedAt: r.released_at.toISOString(),
      writeUntil: until.toISOString(),
      mayWrite: !review && now < until && r.other_name !== 'A deleted account',
      review,
    };
  });
}

/** `GET /reviews/mine`: the caller's released sales and their reviews of them, for My Orders and Booking Requests. */
export function reviewableSales(deps: ReviewDeps, actor: Actor): Promise<ReviewableSale[]> {
  return salesOf(deps.pool, actor, deps.now());
}

interface PublicRow {
  id: string;
  rating: number;
  body: string;
  author_name: string;
  author_role: 'buyer' | 'seller';
  product_name: string;
  created_at: Date;
  reply: string | null;
  replied_at: Date | null;
  subject_id: string;
}

const PUBLIC_COLUMNS = `r.id, r.rating, r.body, coalesce(a.name, 'A deleted account') as author_name, r.author_role,
       coalesce(b.product_name, p.product_name, 'The car') as product_name, r.created_at, r.reply, r.replied_at, r.subject_id`;
const PUBLIC_FROM = `reviews r
       join payments pay on pay.id = r.payment_id
       left join bookings b on b.id = pay.booking_id
       left join products p on p.id = pay.product_id
       left join users a on a.id = r.author_id and a.deleted_at is null`;

const toPublic = (r: PublicRow, viewer: Actor | null): PublicReview => ({
  id: r.id,
  rating: r.rating,
  text: r.body,
  authorName: r.author_name,
  authorRole: r.author_role,
  productName: r.product_name,
  writtenAt: r.created_at.toISOString(),
  reply: r.reply !== null ? { text: r.reply, at: r.replied_at!.toISOString() } : null,
  mayReply: viewer?.id === r.subject_id && r.reply === null,
});

/** `GET /users/{id}/reviews`: the shown reviews about a person, newest first, with their rating; anyone may read them. */
export async function personReviews(deps: ReviewDeps, viewer: Actor | null, userId: string): Promise<PersonReviews> {
  const now = deps.now();
  const { rows: people } = await deps.pool.query<{ rating: string | null }>(
    `select ${ratingJson('u.id', '$2')} as rating from users u where u.id = $1 and u.deleted_at is null`,
    [userId, now],
  );
  if (!people[0]) throw new AppError('NOT_FOUND', 'There is no such person.');
  const { rows } = await deps.pool.query<PublicRow>(
    `select ${PUBLIC_COLUMNS} from ${PUBLIC_FROM}
      where r.subject_id = $1 and ${reviewShown('r', '$2')}
      order by r.created_at desc limit ${REVIEWS_LIMIT}`,
    [userId, now],
  );
  const rating = people[0].rating;
  return { ...(rating && { rating: JSON.parse(rating) }), reviews: rows.map((r) => toPublic(r, viewer)) };
}

/** A shown review, as anyone may read it; null when there is none (or it is still blind, or hidden). */
async function shownReview(db: Pool | PoolClient, id: string, now: Date, lock = false): Promise<PublicRow | null> {
  const { rows } = await db.query<PublicRow>(`select ${PUBLIC_COLUMNS} from ${PUBLIC_FROM} where r.id = $1 and ${reviewShown('r', '$2')}${lock ? ' for update of r' : ''}`, [id, now]);
  return rows[0] ?? null;
}
const noReview = () => new AppError('NOT_FOUND', 'There is no such review (or it is not shown yet).');

/** `Reply`: the subject's one public answer to a shown review about them. */
export async function replyToReview(deps: ReviewDeps, actor: Actor, id: string, text: string): Promise<PublicReview> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    const review = await shownReview(client, id, now, true);
    if (!review || review.subject_id !== actor.id) throw noReview();
    if (review.reply !== null) throw new AppError('CONFLICT', 'You have already replied to this review: a review takes one reply.');
    checkText(text, 'reply');
    await client.query('update reviews set reply = $2, replied_at = $3 where id = $1', [id, text, now]);
    return toPublic({ ...review, reply: text, replied_at: now }, actor);
  });
}

/** `Report`: anyone signed in reports a shown review to the admins, once, within REVIEW_REPORTS_PER_HOUR. */
export async function reportReview(deps: ReviewDeps, limits: RateLimits, actor: Actor, id: string, reason: string): Promise<{ acknowledged: true }> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    if (!(await shownReview(client, id, now))) throw noReview();
    const over = await limits.takeIn(client, [{ key: `review-report:${actor.id}`, limit: REVIEW_REPORTS_PER_HOUR }]);
    if (over) {
      throw new AppError('TOO_MANY_REQUESTS', `You have reported ${REVIEW_REPORTS_PER_HOUR.max} reviews in the last hour, the most we take. You can report another in ${waitWords(over.minutes)}.`, over.minutes * 60);
    }
    const { rowCount } = await client.query(
      'insert into review_reports (review_id, reporter_id, reason, created_at) values ($1, $2, $3, $4) on conflict do nothing',
      [id, actor.id, reason, now],
    );
    if (!rowCount) throw new AppError('CONFLICT', 'You have already reported this review.');
    return { acknowledged: true as const };
  });
}

/** The admins' queue: shown reviews someone reported and no admin hid, most reported first. */
export async function reportedReviews(deps: ReviewDeps): Promise<ReportedReview[]> {
  const { rows } = await deps.pool.query<PublicRow & { subject_name: string; reports: number; reasons: string[] }>(
    `select ${PUBLIC_COLUMNS}, coalesce(s.name, 'A deleted account') as subject_name, x.reports, x.reasons
       from ${PUBLIC_FROM}
       left join users s on s.id = r.subject_id
       join (select review_id, count(*)::int as reports, array_agg(reason order by created_at desc) as reasons, max(created_at) as latest
               from review_reports group by review_id) x on x.review_id = r.id
      where ${reviewShown('r', '$1')}
      order by x.reports desc, x.latest desc
      limit ${REVIEWS_LIMIT}`,
    [deps.now()],
  );
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    text: r.body,
    authorName: r.author_name,
    subjectName: r.subject_name,
    productName: r.product_name,
    writtenAt: r.created_at.toISOString(),
    reports: r.reports,
    reasons: r.reasons,
  }));
}

/** Where each side finds the sale: the buyer's My Orders, the seller's Booking Requests. */
const salePage = { buyer: '/dashboard/myorders', seller: '/dashboard/bookings' } as const;

/**
 * `Hide`: an admin takes a review out of every list and rating, with a note its author and its
 * subject both receive (bell and email, once: the event's key is the review's).
 */
export async function hideReview(deps: ReviewDeps, admin: Actor, id: string, note: string): Promise<{ id: string; hiddenAt: string }> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ author_id: string | null; subject_id: string | null; author_role: 'buyer' | 'seller'; product_name: string; hidden_at: Date | null }>(
      `select r.author_id, r.subject_id, r.author_role, r.hidden_at, coalesce(b.product_name, p.product_name, 'the car') as product_name
         from reviews r join payments pay on pay.id = r.payment_id
         left join bookings b on b.id = pay.booking_id left join products p on p.id = pay.product_id
        where r.id = $1 for update of r`,
      [id],
    );
    const review = rows[0];
    if (!review) throw new AppError('NOT_FOUND', 'There is no such review.');
    if (review.hidden_at) throw new AppError('CONFLICT', `This review was already hidden on ${writeDate(review.hidden_at, clockOrUtc(admin.clock))}.`);
    await client.query('update reviews set hidden_at = $2, hidden_note = $3, hidden_by = $4 where id = $1', [id, now, note, admin.id]);
    const subjectRole = review.author_role === 'buyer' ? 'seller' : 'buyer';
    const told = [
      { userId: review.author_id, title: `Your review of the sale of ${review.product_name} was hidden`, link: salePage[review.author_role] },
      { userId: review.subject_id, title: `A review of you for the sale of ${review.product_name} was hidden`, link: salePage[subjectRole] },
    ];
    for (const { userId, title, link } of told) {
      if (userId) await notify(client, { userId, eventKey: `review:${id}:hidden`, kind: 'review_hidden', title, body: `An admin hid the review. The admin's note: ${note}`, link });
    }
    return { id, hiddenAt: now.toISOString() };
  });
}
