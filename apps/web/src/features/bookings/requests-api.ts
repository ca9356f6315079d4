import type { AcceptBookingBody, BookingChange, BookingRequest, DeclineBookingBody, ProposeBookingBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The answers to bookings: the seller's list and answers, the buyer's cancellation and
// acceptance of a proposed time. Kept apart from api.ts, which the entry chunk loads.

/** Every booking-requests query starts with this key (invalidate it after an answer). */
export const bookingRequestsKey = ['booking-requests'] as const;

/** `GET /bookings/requests`: the bookings on the seller's own cars, newest first. */
export function bookingRequestsQuery() {
  return { queryKey: [...bookingRequestsKey, 'list'], queryFn: () => api<BookingRequest[]>('/bookings/requests') } as const;
}

const answer = (id: string, action: string, json?: object) => api<BookingChange>(`/bookings/${encodeURIComponent(id)}/${action}`, { method: 'POST', ...(json ? { json } : {}) });

export const acceptBooking = (id: string, body: AcceptBookingBody) => answer(id, 'accept', body);
export const declineBooking = (id: string, body: DeclineBookingBody) => answer(id, 'decline', body);
export const proposeTime = (id: string, body: ProposeBookingBody) => answer(id, 'propose', body);
export const acceptProposal = (id: string) => answer(id, 'accept-proposal');
export const cancelBooking = (id: string, seenStatus: 'pending' | 'confirmed') => answer(id, 'cancel', { seenStatus });

/** The meeting's calendar file, downloaded by the browser with the session cookie. */
export const calendarUrl = (id: string) => `/api/bookings/${encodeURIComponent(id)}/calendar.ics`;
