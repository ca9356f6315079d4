import { useRef, type PointerEvent } from 'react';

/** A horizontal move at least this long (px), and clearly more sideways than up or down, is a swipe. */
const swipeDistance = 40;

/** Where a touch began, so its end can tell a sideways swipe from a scroll or a tap. */
interface TouchStart {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * A sideways swipe by touch or pen on an element (a mouse drags pictures or selects text, and has
 * buttons): `onSwipe(1)` for a swipe to the left (the next one), `onSwipe(-1)` to the right. Spread
 * the returned handlers on the element.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const touch = useRef<TouchStart | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      touch.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const start = touch.current;
      touch.current = null;
      if (!start || start.pointerId !== event.pointerId) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > 1.5 * Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      touch.current = null;
    },
  };
}
