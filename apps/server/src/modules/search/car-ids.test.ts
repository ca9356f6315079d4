import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../test/seeded.ts';
import { CarIds } from './car-ids.ts';

describe('CarIds: UUIDs as words and a table from id to slot', () => {
  it('finds every id added and none deleted, through many adds and deletes, as a Map would', () => {
    const random = seeded(25);
    const ids = new CarIds();
    const expected = new Map<string, number>();
    const free: number[] = [];
    let slots = 0;
    let capacity = 0;
    for (let step = 0; step < 12_000; step++) {
      if (expected.size > 0 && random() < 0.4) {
        const [id, slot] = [...expected][Math.floor(random() * expected.size)]!;
        ids.delete(id, slot);
        expected.delete(id);
        free.push(slot);
      } else {
        const id = randomUUID();
        const slot = free.pop() ?? slots++;
        if (slot >= capacity) ids.grow((capacity = Math.max(16, capacity * 2)));
        ids.add(id, slot);
        expected.set(id, slot);
      }
      if (step % 3000 === 0) for (const [id, slot] of expected) expect(ids.slotOf(id)).toBe(slot);
    }
    expect(ids.size).toBe(expected.size);
    for (const [id, slot] of expected) {
      expect(ids.slotOf(id)).toBe(slot);
      expect(ids.idOf(slot)).toBe(id);
    }
    expect(ids.slotOf(randomUUID())).toBeUndefined();
  });

  it('orders ids as their strings order, and keeps leading zeros', () => {
    const list = ['00000000-0000-0000-0000-000000000001', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '0a000000-0000-0000-0000-000000000000', ...Array.from({ length: 200 }, () => randomUUID())];
    const ids = new CarIds();
    ids.grow(list.length);
    list.forEach((id, slot) => ids.add(id, slot));
    for (let a = 0; a < list.length; a++) {
      expect(ids.idOf(a)).toBe(list[a]);
      for (const b of [0, 1, 2, (a * 7) % list.length]) {
        expect(Math.sign(ids.compare(a, b))).toBe(Math.sign(list[a]! < list[b]! ? -1 : list[a]! > list[b]! ? 1 : 0));
        expect(Math.sign(ids.compareTo(a, CarIds.wordsOf(list[b]!)))).toBe(Math.sign(ids.compare(a, b)));
      }
    }
    expect(() => CarIds.wordsOf('not-a-uuid')).toThrow();
    expect(() => CarIds.wordsOf('0A000000-0000-0000-0000-000000000000')).toThrow();
  });
});
