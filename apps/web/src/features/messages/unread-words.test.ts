import { describe, expect, it } from 'vitest';
import { unreadMessagesWords } from './unread-badge.tsx';

describe('unreadMessagesWords', () => {
  it('says the count counts messages, one or many', () => {
    expect(unreadMessagesWords(1)).toBe('1 unread message');
    expect(unreadMessagesWords(3)).toBe('3 unread messages');
  });
});
