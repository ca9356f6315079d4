import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDistanceUnit } from '../settings/index.ts';
import type { ProductFormValues } from './product-form-values.ts';

/**
 * The listing's Mileage unit starts as the seller's own unit (Settings' Distance unit, else the
 * market's) once that is known, while no mileage is given: a car's stored mileage keeps the unit it
 * was given in, and so does one being typed.
 */
export function useMileageUnitDefault(form: UseFormReturn<ProductFormValues>): void {
  const unit = useDistanceUnit();
  useEffect(() => {
    if (unit && form.getValues('mileage').trim() === '') form.resetField('mileageUnit', { defaultValue: unit });
  }, [unit, form]);
}
