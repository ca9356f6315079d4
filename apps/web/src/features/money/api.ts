import type { CancelSaleBody, HeldPayment, ReportProblemBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// What the buyer and the seller do with a payment held until the handover. Each answers the
// payment as it stands afterwards; a payment released or refunded meanwhile is refused (409) with a
// message that says so.

const paymentAction = (paymentId: string, action: string, json: object) =>
  api<HeldPayment>(`/payments/${encodeURIComponent(paymentId)}/${action}`, { method: 'POST', json });

/** `POST /payments/{paymentId}/received`: the buyer's `I have the car`, releasing the money to the seller. */
export const confirmReceived = (paymentId: string) => paymentAction(paymentId, 'received', {});

/** `POST /payments/{paymentId}/problem`: the buyer's `Report a problem`, which an admin decides. */
export const reportProblem = (paymentId: string, body: ReportProblemBody) => paymentAction(paymentId, 'problem', body);

/** `POST /payments/{paymentId}/cancel-sale`: the seller's `Cancel sale`, refunding the buyer in full. */
export const cancelSale = (paymentId: string, body: CancelSaleBody) => paymentAction(paymentId, 'cancel-sale', body);
