import { describe, expect, it } from 'vitest';
import { fullStars, ratingWords, starChoiceLabel } from './rating-words.ts';

describe('a rating in words', () => {
  it('says the average to one decimal out of 5 stars, and how many reviews', () => {
    expect(ratingWords(4.5, 12)).toBe('4.5 out of 5 stars, 12 reviews');
    expect(ratingWords(4, 1)).toBe('4 out of 5 stars, 1 review');
    expect(ratingWords(4.666, 3)).toBe('4.7 out of 5 stars, 3 reviews');
    expect(ratingWords(3)).toBe('3 out of 5 stars');
  });

  it('draws the stars rounded to the nearest whole one, within 0 to 5', () => {
    expect([1, 1.4, 1.5, 4.7, 5, 7, -1].map(fullStars)).toEqual([1, 1, 2, 5, 5, 5, 0]);
  });

  it('names each choice of the Rating input', () => {
    expect([1, 2, 5].map(starChoiceLabel)).toEqual(['1 star', '2 stars', '5 stars']);
  });
});
