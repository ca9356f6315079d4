import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `ms`: what was typed after a pause, not every key. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
