import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format.ts';
import { disputeStateText, openFirst } from './dispute-words.ts';

describe('openFirst', () => {
  it('lists open cases first, newest first within open and decided', () => {
    const rows = [
      { id: 'decided-new', decision: 'refund' as const, openedAt: '2026-11-24T10:00:00Z' },
      { id: 'open-old', decision: null, openedAt: '2026-11-20T10:00:00Z' },
      { id: 'decided-old', decision: 'release' as const, openedAt: '2026-11-19T10:00:00Z' },
      { id: 'open-new', decision: null, openedAt: '2026-11-22T10:00:00Z' },
    ];
    expect(openFirst(rows).map((row) => row.id)).toEqual(['open-new', 'open-old', 'decided-new', 'decided-old']);
  });
});

describe('disputeStateText', () => {
  it('says open, or what was decided and when', () => {
    const at = '2026-11-25T10:00:00Z';
    expect(disputeStateText({ decision: null, decidedAt: null })).toBe('Open');
    expect(disputeStateText({ decision: 'refund', decidedAt: at })).toBe(`Buyer refunded on ${formatDate(at)}`);
    expect(disputeStateText({ decision: 'release', decidedAt: at })).toBe(`Released to the seller on ${formatDate(at)}`);
  });
});
