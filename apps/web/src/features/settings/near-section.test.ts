import { describe, expect, it } from 'vitest';
import { profileBody } from '@second-gear/contract';
import { nearBody, nearZipProblem } from './near-section.tsx';

describe("Settings' Search area", () => {
  it('saves Near and Distance as the profile takes them, nothing kept for a blank field', () => {
    expect(nearBody({ nearZip: ' 78701 ', searchRadius: '50' })).toEqual({ nearZip: '78701', searchRadius: 50 });
    expect(nearBody({ nearZip: '', searchRadius: '' })).toEqual({ nearZip: null, searchRadius: null });
    expect(profileBody.parse(nearBody({ nearZip: '78701', searchRadius: '250' }))).toEqual({ nearZip: '78701', searchRadius: 250 });
    expect(profileBody.parse(nearBody({ nearZip: '', searchRadius: '' }))).toEqual({ nearZip: null, searchRadius: null });
  });

  it('checks Near as the server does, in its words', () => {
    for (const typed of ['', '78701', ' 78701 ', '7870', 'abcde', '787012']) {
      const server = typed.trim() === '' ? true : (profileBody.safeParse({ nearZip: typed }).error?.issues[0]?.message ?? true);
      expect(nearZipProblem(typed), JSON.stringify(typed)).toBe(server);
    }
  });
});
