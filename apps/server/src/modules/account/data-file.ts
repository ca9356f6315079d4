import type { Pool } from 'pg';
import { imageUrls } from '../../images/store.ts';
import type { NotificationKind } from '../notifications/notify.ts';

/** Which version of the file's layout this is, for whoever reads many of them (2: notifications and emails say what they were about, not their text). */
const FORMAT = 2;

/**
 * What each kind of notification was about, in the product's words, as the file gives it. The
 * notification's own title and text quote the other party (their name, their message, the reason
 * they gave), so they are not in the file; what is the person's own about the same event is in the
 * file's other lists (bookings, payments, messages written, alerts, wishlist). A new kind is not in
 * the file until it is described here.
 */
const NOTIFICATION_ABOUT: Record<NotificationKind, string> = {
  booking_requested: 'A buyer booked a viewing of your car.',
  booking_accepted: 'A viewing was confirmed, or its time moved.',
  booking_declined: 'The seller declined your booking.',
  booking_proposed: 'The seller proposed another time for your viewing.',
  booking_cancelled: 'A buyer cancelled their booking of your car.',
  message: 'A new message to you in Messages.',
  payment: 'News of a payment: paid, released, refunded or a problem reported.',
  wishlist_price_drop: 'A car on your wishlist dropped its price.',
  wishlist_sold: 'A car on your wishlist was sold or reserved.',
  saved_search_match: 'A new car matched one of your saved searches.',
  saved_search_digest: 'New cars matched one of your saved searches.',
  seller_verified: 'An admin verified you as a seller.',
  seller_unverified: 'An admin withdrew your seller verification.',
  car_deleted_by_admin: 'An admin removed one of your listings.',
  review_reminder: 'A reminder to review a sale of yours.',
  review_hidden: 'An admin hid a review you wrote or received.',
};

/**
 * Everything stored about one person, as the file "Download my data" gives them: their profile,
 * how they sign in (never a password hash or a token), sessions, cars with their photos' addresses,
 * bookings, orders and payments, messages they wrote, alerts, wishlist, notifications, reports and
 * the emails sent to them. Nothing of anyone else, neither their name nor their words: a booking
 * request on their car says when and for how much, not who asked; a conversation holds their own
 * messages, not the other party's; a declined booking holds the seller's reason in the seller's
 * file, a refund its reason in the file of whoever gave it; notifications and the emails of them
 * say what they were about (NOTIFICATION_ABOUT), not the text that quoted the other party.
 *
 * Each list names its columns: a column added to a table later (a secret, someone else's detail)
 * is not in the file until someone decides it belongs there.
 */
export async function accountData(db: Pick<Pool, 'query'>, userId: string, publicUrl: string) {
  const all = async (sql: string) => (await db.query(sql, [userId])).rows;
  const [profile] = await all(`select id, name, email, email_verified as "emailConfirmed", image as photo, phone, time_zone as "timeZone", locale, distance_unit as "distanceUnit",
            near_zip as "nearZip", search_radius as "searchRadius", role, verified,
            two_factor_enabled as "twoFactorSignIn", created_at as "joinedAt" from users where id = $1`);
  const photosOf = await carPhotos(db, userId, publicUrl);
  const cars = (
    await all(
      `select id, product_name as name, category_id as "categoryId", condition, description, original_price as "originalPrice", resale_price as "resalePrice",
              year_of_purchase as "yearOfPurchase", mobile, location, zip, zip_given as "zipGiven", model, model_year as "modelYear", mileage, mileage_unit as "mileageUnit", fuel,
              transmission, body_type as "bodyType", colour, vin, advertised, paid as sold, withdrawn_at as "withdrawnAt", posting_time as "postedAt"
         from products where seller_id = $1 order by posting_time`,
    )
  ).map((car) => ({ ...car, photos: photosOf.get(car.id as string) ?? [] }));

  return {
    format: FORMAT,
    exportedAt: new Date().toISOString(),
    profile,
    signIns: await all(`select provider_id as provider, created_at as "since" from accounts where user_id = $1 order by created_at`),
    sessions: await all(
      `select created_at as "signedInAt", updated_at as "lastSeenAt", expires_at as "expiresAt", ip_address as "address", user_agent as "browser"
         from sessions where user_id = $1 order by created_at`,
    ),
    cars,
    bookings: await all(
      `select id, product_id as "carId", product_name as car, price, phone, location, status, preferred_time as "preferredTime", meeting_time as "meetingTime",
              paid, transaction_id as "transactionId", created_at as "requestedAt"
         from bookings where buyer_id = $1 order by created_at`,
    ),
    bookingRequestsReceived: await all(
      `select b.id, b.product_id as "carId", b.product_name as car, b.price, b.status, b.meeting_time as "meetingTime", b.decline_reason as "declineReason",
              b.paid, b.created_at as "requestedAt"
         from bookings b join products p on p.id = b.product_id where p.seller_id = $1 order by b.created_at`,
    ),
    payments: await all(
      `select id, case when buyer_id = $1 then 'paid by you' else 'paid to you' end as "direction", kind, product_id as "carId", amount, currency,
              transaction_id as "transactionId", state, created_at as "paidAt", released_at as "releasedAt", refunded_at as "refundedAt", refunded_by as "refundedBy",
              case when (refunded_by = 'seller' and seller_id = $1) or (refunded_by = 'buyer' and buyer_id = $1) then refund_reason end as "refundReason"
         from payments where buyer_id = $1 or seller_id = $1 order by created_at`,
    ),
    payoutAccount: (await all(`select provider, details_submitted as "detailsSubmitted", payouts_enabled as "payoutsEnabled", created_at as "createdAt" from payout_accounts where seller_id = $1`))[0] ?? null,
    wishlist: await all(`select product_id as "carId", paid, transaction_id as "transactionId", created_at as "addedAt" from wishlist_entries where buyer_id = $1 order by created_at`),
    messagesWritten: await all(
      `select m.conversation_id as "conversationId", c.product_id as "carId", m.body, m.created_at as "sentAt"
         from messages m join conversations c on c.id = m.conversation_id where m.sender_id = $1 order by m.created_at`,
    ),
    alerts: await all(`select id, name, frequency, paused, filters, created_at as "savedAt" from saved_searches where user_id = $1 order by created_at`),
    notifications: (await all(`select kind, link, created_at as "createdAt", read_at as "readAt" from notifications where user_id = $1 order by created_at`)).map(
      ({ kind, ...rest }) => ({ kind, about: NOTIFICATION_ABOUT[kind as NotificationKind], ...rest }),
    ),
    reportsFiled: await all(`select product_id as "carId", reason, note, created_at as "reportedAt" from reports where reporter_id = $1 order by created_at`),
    // An email about the account itself keeps its subject (the product's words to the person); one of notifications is described as they are.
    emails: (
      await all(
        `select n.kind, o.subject, o.created_at as "writtenAt", o.sent_at as "sentAt"
           from email_outbox o left join notifications n on n.id = o.notification_id
          where o.user_id = $1 or n.user_id = $1 order by o.created_at`,
      )
    ).map(({ kind, subject, ...rest }) => ({ about: kind ? NOTIFICATION_ABOUT[kind as NotificationKind] : subject, ...rest })),
  };
}

/** Each of the person's cars' photos (the cover first), as absolute addresses of their stored pictures. */
async function carPhotos(db: Pick<Pool, 'query'>, userId: string, publicUrl: string): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ car: string; key: string; widths: number[] }>(
    `select p.id as car, i.key, i.widths, 0 as position from products p join images i on i.key = p.image_key where p.seller_id = $1
     union all
     select ph.product_id, i.key, i.widths, ph.position from product_photos ph join products p on p.id = ph.product_id join images i on i.key = ph.image_key
      where p.seller_id = $1
     order by car, position`,
    [userId],
  );
  const photos = new Map<string, string[]>();
  for (const row of rows) photos.set(row.car, [...(photos.get(row.car) ?? []), publicUrl + imageUrls(row.key, row.widths).url]);
  return photos;
}
