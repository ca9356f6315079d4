-- A decision on held money now leaves the booking agreeing with it, in the decision's transaction
-- (modules/money/booking-of-sale.ts): a refund closes an open booking (declined with the seller's
-- reason after their Cancel sale, cancelled otherwise), and a release withdraws a viewing time the
-- seller proposed. Decisions made before that left their booking as it was, so a refunded sale
-- could still read Pending beside Refunded: they are brought in step here, by the same rule.
update bookings b
   set status = case when p.refunded_by = 'seller' then 'declined' else 'cancelled' end,
       decline_reason = case when p.refunded_by = 'seller' then p.refund_reason end,
       proposed_time = null,
       status_changed_at = p.refunded_at,
       calendar_sequence = b.calendar_sequence + (b.meeting_time is not null)::int
  from payments p
 where p.booking_id = b.id and p.state = 'refunded' and b.status in ('pending', 'confirmed');

update bookings b
   set proposed_time = null
  from payments p
 where p.booking_id = b.id and p.state = 'released' and b.proposed_time is not null;
