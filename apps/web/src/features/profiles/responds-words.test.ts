import { describe, expect, it } from 'vitest';
import { respondsWords, soldWords, withinWords } from './responds-words.ts';

const messages = { one: 'message', many: 'messages' };
const requests = { one: 'booking request', many: 'booking requests' };

describe('how a seller answers, in words', () => {
  it('says the share in tenths and the usual time', () => {
    expect(respondsWords({ cases: 10, answered: 9, medianMinutes: 95 }, messages)).toBe('Answers 9 in 10 messages, usually within 2 hours');
    expect(respondsWords({ cases: 7, answered: 5, medianMinutes: 30 }, requests)).toBe('Answers 7 in 10 booking requests, usually within an hour');
  });

  it('says every one only when every one was answered, and never 0 in 10 for a seller who answered some', () => {
    expect(respondsWords({ cases: 3, answered: 3, medianMinutes: 60 }, messages)).toBe('Answers every message, usually within an hour');
    expect(respondsWords({ cases: 40, answered: 39, medianMinutes: 60 }, messages)).toBe('Answers 9 in 10 messages, usually within an hour');
    expect(respondsWords({ cases: 40, answered: 1, medianMinutes: 60 }, messages)).toBe('Answers 1 in 10 messages, usually within an hour');
  });

  it('says none were answered, without a time', () => {
    expect(respondsWords({ cases: 4, answered: 0, medianMinutes: null }, requests)).toBe('Answered none of 4 booking requests');
  });

  it('says nothing from fewer than 3 cases', () => {
    expect(respondsWords({ cases: 0, answered: 0, medianMinutes: null }, messages)).toBe('Not enough to tell');
    expect(respondsWords({ cases: 2, answered: 2, medianMinutes: 5 }, messages)).toBe('Not enough to tell');
  });

  it('rounds the usual time up: an hour at least, then hours, then days', () => {
    expect([0, 60, 61, 120, 121, 23 * 60, 23 * 60 + 1, 24 * 60, 24 * 60 + 1, 72 * 60].map(withinWords)).toEqual([
      'an hour',
      'an hour',
      '2 hours',
      '2 hours',
      '3 hours',
      '23 hours',
      'a day',
      'a day',
      '2 days',
      '3 days',
    ]);
  });

  it('counts the cars sold', () => {
    expect([0, 1, 4].map(soldWords)).toEqual(['Sold here: 0 cars', 'Sold here: 1 car', 'Sold here: 4 cars']);
  });
});
