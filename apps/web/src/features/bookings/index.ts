// The bookings feature's public entry: what other features may use of it.
export { orderQuery, ordersKey, ordersQuery } from './api.ts';
export { BookingModal } from './booking-modal.tsx';
export { PaidLabel, PayAction, PaymentCell } from './pay-action.tsx';
