import { queryOptions } from '@tanstack/react-query';
import type { CarValue } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

/** The fields of What's my car worth?, as the page's address and `GET /api/value` both name them. */
export const valueFields = ['make', 'model', 'modelYear', 'mileage', 'mileageUnit', 'condition', 'zip'] as const;
export type ValueField = (typeof valueFields)[number];
export type ValueForm = Record<ValueField, string>;

/** The question in the page's address, as the form holds it (a field absent: empty). */
export function valueFormOf(params: URLSearchParams): ValueForm {
  return Object.fromEntries(valueFields.map((field) => [field, params.get(field) ?? ''])) as ValueForm;
}

/** The page's address (and the call's query) for a question: every field given, trimmed; an empty ZIP code left out. */
export function valueSearchOf(form: ValueForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of valueFields) {
    const value = form[field].trim();
    if (value !== '') params.set(field, value);
  }
  return params;
}

/** Whether the address asks a whole question (every field but the ZIP code), so the page asks the server. */
export const isAsked = (form: ValueForm) => valueFields.every((field) => field === 'zip' || form[field].trim() !== '');

/** `GET /api/value`: the fair-price range of a car described, and the similar cars it rests on. */
export const carValueQuery = (search: string) =>
  queryOptions({
    queryKey: ['public', 'value', search],
    queryFn: () => api<CarValue>(`/value?${search}`),
    staleTime: 60 * 1000,
  });
