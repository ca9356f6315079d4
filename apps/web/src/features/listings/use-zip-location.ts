import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { zipCodePattern } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { placeOfZipQuery } from '../places/index.ts';
import { locationOfPlace, type ProductFormValues } from './product-form-values.ts';

/**
 * The `ZIP code` field's change: once it holds five digits, the server's gazetteer names the place and
 * Location is filled with its "City, ST" (the seller may still change it); a ZIP code the server does
 * not know shows its sentence under the field. An answer about a ZIP code typed over is dropped.
 */
export function useZipFillsLocation(form: UseFormReturn<ProductFormValues>) {
  const queryClient = useQueryClient();
  const latest = useRef('');
  return async (value: string) => {
    const zip = value.trim();
    latest.current = zip;
    if (!zipCodePattern.test(zip)) return;
    try {
      const place = await queryClient.fetchQuery(placeOfZipQuery(zip));
      if (latest.current !== zip) return;
      form.clearErrors('zip');
      form.setValue('location', locationOfPlace(place), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    } catch (error) {
      if (latest.current === zip) form.setError('zip', { type: 'server', message: errorMessage(error) });
    }
  };
}
