import { fullStars, ratingWords } from './rating-words.ts';

export interface StarsProps {
  /** 1 to 5, to one decimal. */
  average: number;
  /** How many reviews the average comes from; absent for one review's own stars. */
  count?: number;
}

/**
 * A rating as five stars and its number, said in words to a screen reader ("4.5 out of 5 stars, 12
 * reviews"). Full and empty stars are both drawn in the one amber, told apart by their shape, not their
 * colour; the drawn stars and the number beside them are one image with one name.
 */
export function Stars({ average, count }: StarsProps) {
  const full = fullStars(average);
  return (
    // The number goes under the stars where the column is narrow (a table's cell), rather than widening it.
    <span role="img" aria-label={ratingWords(average, count)} className="inline-flex flex-wrap items-center gap-x-1 text-sm">
      <span className="tracking-tight whitespace-nowrap text-amber-700">
        {'★'.repeat(full)}
        {'☆'.repeat(5 - full)}
      </span>
      <span className="font-medium whitespace-nowrap">
        {Number(average.toFixed(1))}
        {count !== undefined ? <span className="font-normal text-base-content/70"> ({count})</span> : null}
      </span>
    </span>
  );
}
