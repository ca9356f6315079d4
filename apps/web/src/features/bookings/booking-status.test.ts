import { describe, expect, it } from 'vitest';
import { statusExplanation, statusText } from './booking-status.tsx';

describe('a booking’s status on My Orders', () => {
  it('keeps the word Pending and explains it to the buyer: the seller has not answered yet', () => {
    const pending = { status: 'pending' as const };
    expect(statusText(pending, 'buyer')).toBe('Pending');
    expect(statusExplanation(pending, 'buyer')).toBe('Waiting for the seller to accept a time');
    // Older servers send no status: the booking is pending.
    expect(statusExplanation({}, 'buyer')).toBe('Waiting for the seller to accept a time');
  });

  it('explains nothing where the status already says what happens next, nor to the seller', () => {
    expect(statusExplanation({ status: 'pending', proposedTime: '2026-12-01T10:00:00.000Z' }, 'buyer')).toBeNull();
    for (const status of ['confirmed', 'declined', 'cancelled'] as const) expect(statusExplanation({ status }, 'buyer')).toBeNull();
    expect(statusExplanation({ status: 'pending' }, 'seller')).toBeNull();
  });
});
