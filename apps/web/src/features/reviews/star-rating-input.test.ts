import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StarRatingInput } from './star-rating-input.tsx';

// The `Rating` input as the browser receives it: one radio group named by its visible `Rating`, five
// native radios (the keyboard's arrow keys move between them) each named by its stars, the chosen
// one checked and the stars up to it drawn full, and a refusal tied to the group.

const render = (value: number, error?: string) => renderToStaticMarkup(createElement(StarRatingInput, { value, onChange: () => {}, error }));
const labelOfGroup = (html: string) => {
  const labelledBy = /role="radiogroup" aria-labelledby="([^"]+)"/.exec(html)?.[1];
  return new RegExp(`id="${labelledBy}"[^>]*>([^<]+)<`).exec(html)?.[1];
};

describe('the Rating input', () => {
  it('is one radio group labelled Rating, of five radios named 1 star … 5 stars, sharing one name', () => {
    const html = render(0);
    expect(labelOfGroup(html)).toBe('Rating');
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(5);
    expect(new Set(radios.map((r) => /name="([^"]+)"/.exec(r)?.[1])).size).toBe(1);
    expect(radios.map((r) => /value="(\d)"/.exec(r)?.[1])).toEqual(['1', '2', '3', '4', '5']);
    expect([...html.matchAll(/<span class="sr-only">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    // Nothing chosen yet: no radio checked, every star empty.
    expect(radios.filter((r) => r.includes('checked'))).toEqual([]);
    expect(html).not.toContain('★');
  });

  it('checks the chosen radio and draws the stars up to it full', () => {
    const html = render(4);
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios.map((r) => r.includes('checked'))).toEqual([false, false, false, true, false]);
    expect([...html.matchAll(/aria-hidden="true"[^>]*>([★☆])</g)].map((m) => m[1]).join('')).toBe('★★★★☆');
  });

  it('ties a refusal to the group and marks the radios invalid', () => {
    const html = render(0, 'Rating must be 1 to 5 stars');
    const describedBy = /role="radiogroup"[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${describedBy}" class="text-sm text-red-700">Rating must be 1 to 5 stars</p>`);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(5);
    expect(render(0)).not.toContain('aria-invalid');
  });
});
