import type { ChangeEvent, ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AddProductBody } from '@second-gear/contract';
import { FileField } from '../../ui/form-field.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { useFilePreview } from '../../ui/use-file-preview.ts';
import { errorMessage } from '../../lib/errors.ts';
import { placeFieldRefusals } from '../../lib/field-refusals.ts';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { imageAccept, imageProblem, usePictureUpload } from '../../lib/upload.ts';
import { PhotoManager } from './photo-manager.tsx';
import { usePriceGuideHint } from './price-guide.ts';
import { emptyProductForm, productBody, type ProductFormValues } from './product-form-values.ts';
import { useMileageUnitDefault } from './use-mileage-unit-default.ts';
import { ProductFields } from './product-fields.tsx';
import { addProductCategoriesQuery } from './seller-api.ts';
import { useCarPhotos, type CarPhotoItem } from './use-car-photos.ts';
import { VehicleDetailsFields } from './vehicle-details-fields.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

export interface ProductFormProps {
  /** The car as stored (editing); a new car starts empty. */
  initial?: ProductFormValues;
  /** The car being edited, left out of its own comparables in the price guide. */
  carId?: string;
  /** The stored photos after the cover, in gallery order. */
  initialPhotos?: readonly string[];
  submitLabel: string;
  /** The toast when saving fails without a message of the server's. */
  failedMessage: string;
  /** Sends the car; throws to keep the form as it is (the seller fixes what the toast says and sends again). */
  onSave: (body: AddProductBody) => Promise<void>;
  /** A line under the prices (the platform's fee, when adding a car). */
  priceNote?: ReactNode;
}

/** The form's field for a field of the body as sent: they share names, the cover's picture (`image`) included. */
function productFieldOf(sent: string): keyof ProductFormValues | undefined {
  return sent !== 'cover' && Object.hasOwn(emptyProductForm, sent) ? (sent as keyof ProductFormValues) : undefined;
}

/**
 * The Add A Product form (section 5 of the specification), shared by adding and editing a car: the
 * specification's fields, its cover (`Image`), the photos after it and the optional details.
 */
export function ProductForm({ initial = emptyProductForm, carId, initialPhotos = [], submitLabel, failedMessage, onSave, priceNote }: ProductFormProps) {
  const categories = useQuery(addProductCategoriesQuery);
  const form = useForm<ProductFormValues>({ defaultValues: initial, shouldFocusError: false });
  useMileageUnitDefault(form);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const photos = useCarPhotos(initialPhotos);
  const [preview, showPreview] = useFilePreview();
  const { progress, upload } = usePictureUpload();
  const [categoryId, cover] = useWatch({ control, name: ['categoryId', 'cover'] });
  const categoryName = categories.data?.find((category) => category._id === categoryId)?.name;
  const priceHint = usePriceGuideHint(control, carId);

  // The cover is a chosen file (uploaded on submit) or a stored picture; the specification's
  // 'Image is Required' stands when there is neither.
  const imageField = register('image', {
    validate: (files, values) => {
      const file = files?.[0];
      if (file) return imageProblem(file) ?? true;
      return values.cover !== '' || 'Image is Required';
    },
  });
  const onImageChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await imageField.onChange(event);
    const file = event.target.files?.[0];
    showPreview(file && !imageProblem(file) ? file : undefined);
    // Check the chosen file at once, not only on submit.
    await trigger('image');
  };

  // The photo becomes the cover; the cover it replaces (a chosen file, or a stored picture) takes its place among the photos.
  const makeCover = (item: CarPhotoItem) => {
    if (!item.url) return;
    const file = getValues('image')?.[0];
    photos.swapOut(item.key, file && !imageProblem(file) ? file : getValues('cover'));
    setValue('image', null);
    setValue('cover', item.url);
    showPreview(undefined);
    clearErrors('image');
  };

  const onSubmit = async (values: ProductFormValues) => {
    if (photos.uploading) {
      toast.error('Some photos are still uploading: send the form once they are done.');
      return;
    }
    try {
      const file = values.image?.[0];
      const image = file ? await upload(file) : values.cover;
      await onSave(productBody(values, image, photos.urls));
    } catch (error) {
      // A field the server refused shows its sentence under that field; anything else is the toast.
      if (!placeFieldRefusals(error, setError, productFieldOf)) toast.error(errorMessage(error, failedMessage));
    }
  };

  const coverPicture = preview ?? (cover === '' ? null : cover);

  return (
    <form
      className="grid grid-cols-1 gap-4 rounded-box border border-base-200 bg-base-100 p-4 shadow-sm sm:p-6 md:grid-cols-2"
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      aria-busy={isSubmitting}
    >
      <ProductFields form={form} categories={categories} priceHint={priceHint} priceNote={priceNote} />
      <div className="flex flex-col gap-3 md:col-span-2">
        <FileField
          label="Image"
          accept={imageAccept}
          hint={
            initial.cover === ''
              ? 'The cover photo. JPEG, PNG, WebP or AVIF, up to 10 MB.'
              : 'The cover photo: choose a file to replace it. JPEG, PNG, WebP or AVIF, up to 10 MB.'
          }
          error={errors.image?.message}
          {...imageField}
          onChange={onImageChange}
        />
        <div className="aspect-[4/3] w-full max-w-xs overflow-hidden rounded-box border border-dashed border-base-300 bg-base-200">
          {coverPicture ? (
            <img
              src={coverPicture}
              alt={preview ? 'Preview of the chosen image' : 'The cover photo'}
              className="h-full w-full object-cover"
              width={320}
              height={240}
            />
          ) : (
            <p className="flex h-full items-center justify-center p-4 text-center text-sm text-base-content/60">The chosen picture is shown here.</p>
          )}
        </div>
        {progress !== null ? <UploadProgress progress={progress} /> : null}
      </div>
      <PhotoManager photos={photos} onMakeCover={makeCover} />
      <VehicleDetailsFields form={form} categoryName={categoryName} />
      <div className="md:col-span-2">
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full md:w-auto">
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
