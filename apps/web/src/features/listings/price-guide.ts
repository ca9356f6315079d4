import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { formatPrice } from '../../lib/format.ts';
import { useSettledValue } from '../../ui/use-settled-value.ts';
import type { ProductFormValues } from './product-form-values.ts';
import { priceGuideQuery } from './seller-api.ts';

/** How long typing must pause before the guide is asked again. */
const typingPause = 400;

/** The guide's question for the car as described so far, or null while something it needs is missing or not a number. */
function guideParams(values: Pick<ProductFormValues, 'categoryId' | 'model' | 'modelYear' | 'mileage' | 'mileageUnit' | 'condition' | 'resalePrice'>, carId: string | undefined) {
  const { categoryId, model, modelYear, mileage, mileageUnit, condition, resalePrice } = values;
  if (!categoryId || !model.trim() || !/^[0-9]{4}$/.test(modelYear.trim()) || !/^[0-9]{1,7}$/.test(mileage.trim()) || !condition) return null;
  const params = new URLSearchParams({ make: categoryId, model: model.trim(), modelYear: modelYear.trim(), mileage: mileage.trim(), mileageUnit, condition });
  if (/^[1-9][0-9]{0,8}$/.test(resalePrice.trim())) params.set('price', resalePrice.trim());
  if (carId) params.set('car', carId);
  return params;
}

/**
 * The Resale Price field's hint while the seller types (docs/pricing.md): where similar cars are listed
 * and how the typed price would be rated, from the same comparables as a listed car's fair price.
 * It always says something, so the form does not move when the answer comes.
 */
export function usePriceGuideHint(control: Control<ProductFormValues>, carId: string | undefined): string {
  const [categoryId, model, modelYear, mileage, mileageUnit, condition, resalePrice] = useWatch({
    control,
    name: ['categoryId', 'model', 'modelYear', 'mileage', 'mileageUnit', 'condition', 'resalePrice'],
  });
  const params = useSettledValue(guideParams({ categoryId, model, modelYear, mileage, mileageUnit, condition, resalePrice }, carId)?.toString() ?? null, typingPause);
  const asked = new URLSearchParams(params ?? '');
  const guide = useQuery({ ...priceGuideQuery(asked), enabled: params !== null });
  if (params === null) return 'Give the category, condition, model, model year and mileage to see what similar cars are listed for.';
  if (guide.isError) return 'The price guide is not available right now.';
  if (!guide.data) return 'Looking at similar cars…';
  if (guide.data.kind === 'not enough data') {
    return `Not enough similar cars on the market to suggest a price yet (${guide.data.comparables} of the ${guide.data.needed} needed).`;
  }
  const { low, high, rating } = guide.data;
  const range = `Similar cars are listed between ${formatPrice(low)} and ${formatPrice(high)}.`;
  // The price as asked (the field may be ahead by a pause in typing); while the next answer comes,
  // the last one's rating was for another price and is not shown.
  const price = asked.get('price');
  return rating && price && !guide.isPlaceholderData ? `${range} At ${formatPrice(Number(price))} it would be rated ${rating}.` : range;
}
