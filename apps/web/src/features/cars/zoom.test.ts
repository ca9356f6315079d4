import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, stepZoom, toggleZoom } from './zoom.ts';

describe('full-screen zoom', () => {
  it('steps by half again and stays between the whole photo and four times its size', () => {
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(3, 1)).toBe(4);
    expect(stepZoom(1.5, -1)).toBe(1);
    expect(stepZoom(1, -1)).toBe(1);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('toggles between the whole photo and twice its size on a double-click or double tap', () => {
    expect(toggleZoom(1)).toBe(2);
    expect(toggleZoom(3)).toBe(1);
  });

  it('keeps a zoomed photo covering its frame while it is moved', () => {
    expect(clampPan({ x: 500, y: -500 }, 2, { width: 400, height: 300 })).toEqual({ x: 200, y: -150 });
    expect(clampPan({ x: 30, y: 10 }, 1, { width: 400, height: 300 })).toEqual({ x: 0, y: 0 });
  });
});
