import { useCompared } from './use-compared.ts';

export interface CompareToggleProps {
  carId: string;
  /**
   * `button` on a car's page; `badge` on a card, a small pill in the picture's corner whose tap area
   * is still 44 px tall, so the card keeps its height (two and a half cards a phone screen).
   */
  look?: 'button' | 'badge';
}

/**
 * `Compare`: pressed, the car is among those compared (the tray at the bottom opens them); pressed
 * again, it is taken out. Its state is said by `aria-pressed` and shown by a tick.
 */
export function CompareToggle({ carId, look = 'button' }: CompareToggleProps) {
  const { ids, toggle } = useCompared();
  const chosen = ids.includes(carId);
  const tick = chosen ? <span aria-hidden="true">✓ </span> : null;
  if (look === 'badge') {
    return (
      <button type="button" aria-pressed={chosen} onClick={() => toggle(carId)} className="absolute top-0 left-0 z-10 flex h-11 min-w-11 cursor-pointer items-start p-1.5">
        <span className={`badge badge-sm border shadow-sm ${chosen ? 'badge-primary' : 'border-base-300 bg-base-100 text-base-content'}`}>
          {tick}Compare
        </span>
      </button>
    );
  }
  return (
    <button type="button" aria-pressed={chosen} onClick={() => toggle(carId)} className={`btn h-11 min-h-11 px-3 ${chosen ? 'btn-primary' : 'btn-outline'}`}>
      {tick}Compare
    </button>
  );
}
