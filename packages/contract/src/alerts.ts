import { z } from 'zod';
import { alertFrequencies, savedSearchLimits } from './constants.ts';
import { searchQuery } from './search.ts';

// The search's own fields, less the ones about a page of results: a new search filter is saved
// with a search without a change here.
const { sort: _sort, after: _after, limit: _limit, ...filterFields } = searchQuery.shape;

/**
 * A search's filters as its query string has them (`{ make: '…', maxPrice: '20000' }`), each in
 * the search's own form and checked by the search's own schema (so Min Price above Max Price is
 * refused here as it is there); only the filters set.
 */
export const savedSearchFilters = z
  .object(filterFields)
  .strict()
  .transform(searchParamsOf)
  .superRefine((params, ctx) => {
    const checked = searchQuery.safeParse(params);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type SavedSearchFilters = z.input<typeof savedSearchFilters>;

/** The query string of a search's parsed filters: what a link to `/search` carries. */
function searchParamsOf(filters: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

const name = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, { error: 'Name is required.' })
  .max(savedSearchLimits.name, { error: `Name must be at most ${savedSearchLimits.name} characters.` });
const frequency = z.enum(alertFrequencies, { error: `How often must be one of: ${alertFrequencies.join(', ')}.` });

export const newSavedSearch = z.object({ name, frequency, filters: savedSearchFilters }).strict();
export type NewSavedSearch = z.input<typeof newSavedSearch>;
/** A new saved search as the server receives it: the filters as the search's query string. */
export type SavedSearchInput = z.output<typeof newSavedSearch>;

/** An edit: any of the name, how often, and paused; the filters stay (save a new search for others). */
export const savedSearchEdit = z
  .object({ name: name.optional(), frequency: frequency.optional(), paused: z.boolean({ error: 'Paused must be true or false.' }).optional() })
  .strict()
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), { error: 'Give a name, how often or paused to change.' });
export type SavedSearchEdit = z.input<typeof savedSearchEdit>;

export const savedSearch = z.object({
  _id: z.uuid(),
  name: z.string(),
  frequency: z.enum(alertFrequencies),
  paused: z.boolean(),
  /** The search's query string, filter by filter (`/search?` + these runs it). */
  filters: z.record(z.string(), z.string()),
  /** The make the `make` filter names, for saying the filters in words; null without one. */
  makeName: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
