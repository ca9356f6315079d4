// Stars are drawn for the eye and said in words for a screen reader (and anyone who cannot tell
// half a star from a whole one): "4.5 out of 5 stars, 12 reviews".

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A rating in words: the average to one decimal, and how many reviews it comes from (none: just the stars). */
export function ratingWords(average: number, count?: number): string {
  const stars = `${Number(average.toFixed(1))} out of 5 stars`;
  return count === undefined ? stars : `${stars}, ${plural(count, 'review')}`;
}

/** How many of the five stars are drawn full for a rating: rounded to the nearest whole star. */
export const fullStars = (average: number) => Math.min(5, Math.max(0, Math.round(average)));

/** The name of each choice of the `Rating` input: "1 star" … "5 stars". */
export const starChoiceLabel = (stars: number) => plural(stars, 'star');
