import { useId, type Ref } from 'react';
import { starChoiceLabel } from './rating-words.ts';

export interface StarRatingInputProps {
  /** The stars chosen, 0 for none yet. */
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
  /** The first star, for a dialog's first focus or a refusal's. */
  ref?: Ref<HTMLInputElement>;
}

const choices = [1, 2, 3, 4, 5] as const;

/**
 * `Rating`: five radio buttons named "1 star" … "5 stars", drawn as stars. Native radios in one group,
 * so the keyboard works as everywhere: Tab reaches the group, the arrow keys move and choose, and a
 * screen reader says "Rating, radio group, 4 stars, 4 of 5". Each star up to the chosen one is full.
 */
export function StarRatingInput({ value, onChange, error, ref }: StarRatingInputProps) {
  const labelId = useId();
  const errorId = useId();
  const name = useId();
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-base-content">
        Rating
      </span>
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} aria-required="true" className="flex gap-1">
        {choices.map((stars) => (
          <label key={stars} className="cursor-pointer">
            <input
              ref={stars === 1 ? ref : undefined}
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <span className="sr-only">{starChoiceLabel(stars)}</span>
            {/* 44 px to touch; the focus ring is the star's, since the radio itself is not drawn. */}
            <span
              aria-hidden="true"
              className="flex h-11 w-11 items-center justify-center rounded-field text-3xl leading-none text-amber-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
            >
              {stars <= value ? '★' : '☆'}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
