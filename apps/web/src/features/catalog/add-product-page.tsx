import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { conditions, productLimits, type Condition } from '@second-gear/contract/constants';
import { FileField, SelectField, TextAreaField, TextField } from '../../ui/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { useFilePreview } from '../../ui/use-file-preview.ts';
import { errorMessage } from '../../lib/errors.ts';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { imageAccept, imageProblem, usePictureUpload } from '../../lib/upload.ts';
import { advertisedProductsQuery, categoryKey } from './api.ts';
import { addProduct, addProductCategoriesQuery, myProductsKey } from './seller-api.ts';

interface AddProductValues {
  productName: string;
  categoryId: string;
  description: string;
  condition: Condition | '';
  originalPrice: string;
  resalePrice: string;
  yearsOfUse: string;
  mobile: string;
  location: string;
  image: FileList | null;
}

const defaultValues: AddProductValues = {
  productName: '',
  categoryId: '',
  description: '',
  condition: '',
  originalPrice: '',
  resalePrice: '',
  yearsOfUse: '',
  mobile: '',
  location: '',
  image: null,
};

/** Prices are parsed to integers (whole dollars: docs/product.md, "Fixed timings and limits"). */
function parsePrice(value: string): number {
  return Number.parseInt(value, 10);
}

function priceRule(name: string) {
  return {
    required: `${name} is Required`,
    validate: (value: string) => parsePrice(value) > 0 || `${name} must be more than 0`,
  };
}

function yearProblem(value: string): string | true {
  const year = value.trim();
  if (!/^\d{4}$/.test(year)) return 'Year of Purchase must be a year like 2019';
  if (Number(year) < productLimits.firstYear || Number(year) > new Date().getFullYear()) {
    return `Year of Purchase cannot be in the future or before ${productLimits.firstYear}`;
  }
  return true;
}

export default function AddProductPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(addProductCategoriesQuery);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<AddProductValues>({ defaultValues, shouldFocusError: false });

  const [preview, showPreview] = useFilePreview();

  const { progress, upload } = usePictureUpload();

  const imageField = register('image', {
    validate: (files) => {
      const file = files?.[0];
      if (!file) return 'Image is Required';
      return imageProblem(file) ?? true;
    },
  });
  const onImageChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await imageField.onChange(event);
    const file = event.target.files?.[0];
    showPreview(file && !imageProblem(file) ? file : undefined);
    // Check the chosen file at once, not only on submit.
    await trigger('image');
  };

  const onSubmit = async (values: AddProductValues) => {
    const file = values.image?.[0];
    if (!file || values.condition === '') return;
    try {
      const image = await upload(file);
      await addProduct({
        productName: values.productName.trim(),
        categoryId: values.categoryId,
        condition: values.condition,
        description: values.description.trim(),
        originalPrice: parsePrice(values.originalPrice),
        resalePrice: parsePrice(values.resalePrice),
        yearsOfUse: values.yearsOfUse.trim(),
        mobile: values.mobile.trim(),
        location: values.location.trim(),
        image,
      });
      toast.success(`${values.productName.trim()} is Added Successfully`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myProductsKey }),
        queryClient.invalidateQueries({ queryKey: categoryKey }),
        queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }),
      ]);
      await navigate('/dashboard/myproducts');
    } catch (error) {
      // The form keeps its values; the seller fixes what the message says and sends again.
      toast.error(errorMessage(error, 'The product could not be added.'));
    }
  };

  return (
    <section className="mx-auto max-w-3xl">
      <title>Add A Product · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Add A Product</h1>
      <form
        className="grid grid-cols-1 gap-4 rounded-box border border-base-200 bg-base-100 p-6 shadow-sm md:grid-cols-2"
        noValidate
        onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
        aria-busy={isSubmitting}
      >
        <div className="md:col-span-2">
          <TextField
            label="Product Name"
            autoComplete="off"
            maxLength={productLimits.productName}
            error={errors.productName?.message}
            {...register('productName', { required: 'Product Name is Required', validate: (v) => v.trim() !== '' || 'Product Name is Required' })}
          />
        </div>
        <SelectField
          label="Category"
          error={errors.categoryId?.message ?? (categories.isError ? categories.error.message : undefined)}
          aria-busy={categories.isPending}
          {...register('categoryId', { required: 'Category is Required' })}
        >
          <option value="" disabled>
            {categories.isPending ? 'Loading categories…' : 'Select a Category'}
          </option>
          {(categories.data ?? []).map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Condition" error={errors.condition?.message} {...register('condition', { required: 'Condition is Required' })}>
          <option value="" disabled>
            Select a Condition
          </option>
          {conditions.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>
        <div className="md:col-span-2">
          <TextAreaField
            label="Product Description"
            rows={5}
            maxLength={productLimits.description}
            error={errors.description?.message}
            {...register('description', {
              required: 'Product Description is Required',
              validate: (v) => v.trim() !== '' || 'Product Description is Required',
            })}
          />
        </div>
        <TextField
          label="Original Price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.originalPrice?.message}
          {...register('originalPrice', priceRule('Original Price'))}
        />
        <TextField
          label="Resale Price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.resalePrice?.message}
          {...register('resalePrice', priceRule('Resale Price'))}
        />
        <TextField
          label="Year of Purchase"
          inputMode="numeric"
          maxLength={4}
          placeholder="e.g. 2019"
          error={errors.yearsOfUse?.message}
          {...register('yearsOfUse', { required: 'Year of Purchase is Required', validate: yearProblem })}
        />
        <TextField
          label="Mobile No."
          type="tel"
          maxLength={productLimits.mobile}
          autoComplete="tel"
          error={errors.mobile?.message}
          {...register('mobile', { required: 'Mobile No. is Required', validate: (v) => v.trim() !== '' || 'Mobile No. is Required' })}
        />
        <div className="md:col-span-2">
          <TextField
            label="Location"
            autoComplete="address-level2"
            maxLength={productLimits.location}
            error={errors.location?.message}
            {...register('location', { required: 'Location is Required', validate: (v) => v.trim() !== '' || 'Location is Required' })}
          />
        </div>
        <div className="flex flex-col gap-3 md:col-span-2">
          <FileField
            label="Image"
            accept={imageAccept}
            hint="JPEG, PNG, WebP or AVIF, up to 10 MB."
            error={errors.image?.message}
            {...imageField}
            onChange={onImageChange}
          />
          <div className="aspect-[4/3] w-full max-w-xs overflow-hidden rounded-box border border-dashed border-base-300 bg-base-200">
            {preview ? (
              <img src={preview} alt="Preview of the chosen image" className="h-full w-full object-cover" width={320} height={240} />
            ) : (
              <p className="flex h-full items-center justify-center p-4 text-center text-sm text-base-content/60">
                The chosen picture is shown here.
              </p>
            )}
          </div>
          {progress !== null ? <UploadProgress progress={progress} /> : null}
        </div>
        <div className="md:col-span-2">
          <button type="submit" className="btn btn-primary w-full md:w-auto" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size="loading-sm" label="" /> : null}
            Add Product
          </button>
        </div>
      </form>
    </section>
  );
}
