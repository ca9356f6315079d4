import { useEffect, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AddProductBody } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { placeFieldRefusals } from '../../lib/field-refusals.ts';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { PhotoManager } from './photo-manager.tsx';
import { usePriceGuideHint } from './price-guide.ts';
import { emptyProductForm, productBody, type ProductFormValues } from './product-form-values.ts';
import { useMileageUnitDefault } from './use-mileage-unit-default.ts';
import { ProductFields } from './product-fields.tsx';
import { addProductCategoriesQuery } from './seller-api.ts';
import { useCarPhotos } from './use-car-photos.ts';
import { VehicleDetailsFields } from './vehicle-details-fields.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

export interface ProductFormProps {
  /** The car as stored (editing); a new car starts empty. */
  initial?: ProductFormValues;
  /** The car being edited, left out of its own comparables in the price guide. */
  carId?: string;
  /** The stored photos in gallery order, the cover first. */
  initialPhotos?: readonly string[];
  submitLabel: string;
  /** The toast when saving fails without a message of the server's. */
  failedMessage: string;
  /** Sends the car; throws to keep the form as it is (the seller fixes what the toast says and sends again). */
  onSave: (body: AddProductBody) => Promise<void>;
  /** A line under the prices (the platform's fee, when adding a car). */
  priceNote?: ReactNode;
}

/** The form's field for a field of the body as sent: they share names. */
function productFieldOf(sent: string): keyof ProductFormValues | undefined {
  return Object.hasOwn(emptyProductForm, sent) ? (sent as keyof ProductFormValues) : undefined;
}

/**
 * The Add A Product form (section 5 of the specification), shared by adding and editing a car: the
 * specification's fields, the car's photos (the first is the cover, the specification's `Image`)
 * and the optional details.
 */
export function ProductForm({ initial = emptyProductForm, carId, initialPhotos = [], submitLabel, failedMessage, onSave, priceNote }: ProductFormProps) {
  const categories = useQuery(addProductCategoriesQuery);
  const form = useForm<ProductFormValues>({ defaultValues: initial, shouldFocusError: false });
  useMileageUnitDefault(form);
  const {
    handleSubmit,
    setError,
    control,
    formState: { isSubmitting },
  } = form;
  const photos = useCarPhotos(initialPhotos);
  // The specification's 'Image is Required': said once a submit finds no photo, until one is added.
  const [imageAsked, setImageAsked] = useState(false);
  const imageError = imageAsked && photos.items.length === 0 ? 'Image is Required' : undefined;
  // A category the form starts with (the car edited, a car valued) before the list of categories came
  // has no option yet: the browser shows another. It is shown again once its option is there.
  useEffect(() => {
    if (categories.data) form.setValue('categoryId', form.getValues('categoryId'));
  }, [categories.data, form]);
  const [categoryId] = useWatch({ control, name: ['categoryId'] });
  const categoryName = categories.data?.find((category) => category._id === categoryId)?.name;
  const priceHint = usePriceGuideHint(control, carId);

  const onSubmit = async (values: ProductFormValues, event?: BaseSyntheticEvent) => {
    if (photos.items.length === 0) {
      // Every other field is right: the focus goes to the one photo control.
      focusFirstInvalid({ image: true }, event);
      return;
    }
    if (photos.uploading) {
      toast.error('Some photos are still uploading: send the form once they are done.');
      return;
    }
    try {
      const [cover = '', ...more] = photos.urls;
      await onSave(productBody(values, cover, more));
    } catch (error) {
      // A field the server refused shows its sentence under that field; anything else is the toast.
      if (!placeFieldRefusals(error, setError, productFieldOf)) toast.error(errorMessage(error, failedMessage));
    }
  };
  const submit = handleSubmit(onSubmit, focusFirstInvalid);

  return (
    <form
      className="grid grid-cols-1 gap-4 rounded-box border border-base-200 bg-base-100 p-4 shadow-sm sm:p-6 md:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        setImageAsked(true);
        void submit(event);
      }}
      aria-busy={isSubmitting}
    >
      <ProductFields form={form} categories={categories} priceHint={priceHint} priceNote={priceNote} />
      <PhotoManager photos={photos} error={imageError} />
      <VehicleDetailsFields form={form} categoryName={categoryName} />
      <div className="md:col-span-2">
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full md:w-auto">
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
