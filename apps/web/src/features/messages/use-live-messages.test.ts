import { describe, expect, it } from 'vitest';
import type { Message } from '@second-gear/contract';
import { withMessage } from './use-live-messages.ts';

const message = (id: number): Message => ({
  id,
  conversationId: '4d8f77b0-c955-4175-b023-d05b6cb228de',
  senderName: 'Pat',
  mine: false,
  text: `Message ${id}`,
  sentAt: '2026-11-25T12:00:00.000Z',
  warnings: [],
});

describe('withMessage', () => {
  it('adds a live message to a loaded thread once, in id order', () => {
    const thread = [message(1), message(3)];
    expect(withMessage(thread, message(2))?.map((m) => m.id)).toEqual([1, 2, 3]);
    // The same message from the send's answer and from the live stream: once.
    expect(withMessage(thread, message(3))).toBe(thread);
  });

  it('leaves a thread that is not loaded to its first fetch', () => {
    expect(withMessage(undefined, message(1))).toBeUndefined();
  });
});
